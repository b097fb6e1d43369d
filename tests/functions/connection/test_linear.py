import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(10)


@pytest.mark.parametrize('x_shape, n_batch_axes', [((4, 3), 1), ((2, 3, 1, 3), 1),
                                                   ((2, 2, 3), 2), ((0, 3), 1)])
@pytest.mark.parametrize('nobias', [False, True])
def test_linear(x_shape, n_batch_axes, nobias):
    def reference(x, W, b=None):
        y = x.reshape(x_shape[:n_batch_axes] + (k,)) @ W.T
        return y if b is None else y + b

    k = int(numpy.prod(x_shape[n_batch_axes:]))
    inputs = (rng.uniform(-1, 1, x_shape), rng.uniform(-1, 1, (5, k)))
    if not nobias:
        inputs += (rng.uniform(-1, 1, 5),)
    check_function(lambda x, W, b=None: F.linear(x, W, b, n_batch_axes), inputs, reference)


@pytest.mark.parametrize('x, W, b, kwargs, match', [
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 2), 'f'), None, {}, 'invalid shapes of x and W'),
    (numpy.zeros((2, 3), 'i'), numpy.zeros((4, 3), 'i'), None, {}, 'invalid dtypes of x and W'),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), numpy.zeros(3, 'f'), {}, 'invalid b'),
    (numpy.zeros((2, 3), 'f'), numpy.zeros((4, 3), 'f'), None, {'n_batch_axes': 0},
     'invalid n_batch_axes'),
])
def test_invalid_inputs(x, W, b, kwargs, match):
    with pytest.raises(InvalidType, match='linear: ' + match):
        F.linear(x, W, b, **kwargs)
