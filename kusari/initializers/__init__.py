"""Weight initializers (Chainer's ``chainer.initializers``)."""

from kusari.initializers.base import Initializer, generate_array, get_fans  # NOQA
from kusari.initializers.constant import Constant, Identity, NaN, One, Zero  # NOQA
from kusari.initializers.normal import (GlorotNormal, HeNormal, LeCunNormal, Normal)  # NOQA
from kusari.initializers.uniform import (GlorotUniform, HeUniform, LeCunUniform, Uniform)  # NOQA


def _get_initializer(initializer, default=None):
    """An initializer from an Initializer, a scalar, an array, or None (the default).

    ``default`` None means LeCunNormal; a number means Constant(number).
    """
    import numbers

    import numpy
    if initializer is None:
        if default is None:
            return LeCunNormal()
        return Constant(default) if isinstance(default, numbers.Number) else default
    if isinstance(initializer, numbers.Number) or isinstance(initializer, numpy.ndarray):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError('invalid initializer: {!r}'.format(initializer))
    return initializer
