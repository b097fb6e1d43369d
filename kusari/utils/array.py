"""Array helpers (Chainer's ``chainer.utils.array``)."""

import warnings

from kusari import core
from kusari.backend import get_array_module


def _deprecated(name, instead):
    warnings.warn('chainer.utils.array.{} is deprecated; use {} instead.'.format(name, instead),
                  DeprecationWarning, stacklevel=3)


def as_vec(x):
    """``x`` flattened (deprecated: use ``ravel``)."""
    _deprecated('as_vec', 'ravel')
    return x if x.ndim == 1 else x.ravel()


def as_mat(x):
    """``x`` as a matrix of ``len(x)`` rows (deprecated: use ``reshape``)."""
    _deprecated('as_mat', 'reshape')
    return x if x.ndim == 2 else x.reshape(len(x), -1)


def empty_like(x):
    """An uninitialized array like ``x`` on its device (deprecated: use the array
    module's ``empty_like``)."""
    _deprecated('empty_like', 'numpy.empty_like or cupy.empty_like')
    return get_array_module(x).empty_like(x)


def size_of_shape(shape):
    """Number of elements of an array of ``shape``, as a Python int."""
    size = 1
    for n in shape:
        size *= int(n)
    return size


def sum_to(x, shape):
    """``x`` (an array) summed down to ``shape``: the adjoint of broadcasting ``shape``
    to ``x.shape``. For Variables use ``kusari.functions.sum_to``."""
    if x.shape == shape:
        return x
    if isinstance(x, core.Variable):
        raise TypeError('chainer.utils.sum_to takes an array, not a Variable; use '
                        'chainer.functions.sum_to for Variables')
    from kusari.functions.array.broadcast import _sum_to
    return _sum_to(x, shape)
