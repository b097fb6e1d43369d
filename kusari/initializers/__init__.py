"""Weight initializers (Chainer's ``chainer.initializers``)."""

import numbers

import numpy

from kusari import backend
from kusari.initializers.base import Initializer, generate_array, get_fans  # NOQA
from kusari.initializers.constant import Constant, Identity, NaN, One, Zero  # NOQA
from kusari.initializers.normal import GlorotNormal, HeNormal, LeCunNormal, Normal  # NOQA
from kusari.initializers.orthogonal import Orthogonal  # NOQA
from kusari.initializers.sampling import DownsamplingConvFilter, UpsamplingDeconvFilter  # NOQA
from kusari.initializers.uniform import GlorotUniform, HeUniform, LeCunUniform, Uniform  # NOQA


def _get_initializer(initializer, default=None):
    """An initializer from an initializer, a scalar, an array, or None.

    None gives ``default``: LeCunNormal when ``default`` is None, Constant(default)
    when it is a number, else ``default`` itself.
    """
    if initializer is None:
        if default is None:
            return LeCunNormal()
        return Constant(default) if isinstance(default, numbers.Number) else default
    if isinstance(initializer, (numbers.Number, numpy.number, numpy.ndarray)) \
            or backend.is_array_supported(initializer):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError('invalid initializer: {!r} (expected an Initializer, a callable, '
                        'a scalar or an array)'.format(initializer))
    return initializer

