"""Every name of Chainer v7's ``chainer.initializers`` reference list (16 initializers
plus generate_array) and the Initializer base class are exported."""

import kusari
from kusari import initializers

REFERENCE = [
    'Constant', 'DownsamplingConvFilter', 'GlorotNormal', 'GlorotUniform', 'HeNormal',
    'HeUniform', 'Identity', 'LeCunNormal', 'LeCunUniform', 'NaN', 'Normal', 'One',
    'Orthogonal', 'Uniform', 'UpsamplingDeconvFilter', 'Zero', 'generate_array',
]


def test_every_reference_initializer_is_exported():
    missing = [n for n in REFERENCE if not callable(getattr(initializers, n, None))]
    assert not missing, 'missing from kusari.initializers: {}'.format(missing)
    classes = [getattr(initializers, n) for n in REFERENCE if n != 'generate_array']
    assert all(issubclass(c, kusari.Initializer) for c in classes)
    assert kusari.Initializer is initializers.Initializer
