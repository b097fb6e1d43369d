"""Depth-wise stacking (``numpy.dstack``)."""

from kusari import core
from kusari.functions._checks import check_stackable, fail
from kusari.functions.array.concat import concat
from kusari.functions.array.reshape import reshape


def _atleast_3d_shape(shape):
    if len(shape) == 0:
        return (1, 1, 1)
    if len(shape) == 1:
        return (1, shape[0], 1)
    if len(shape) == 2:
        return shape + (1,)
    return shape


def dstack(xs):
    """Concatenates variables along the third axis, as ``numpy.dstack`` does.

    Inputs are first reshaped as by ``numpy.atleast_3d``: ``(N,)`` to
    ``(1, N, 1)`` and ``(M, N)`` to ``(M, N, 1)``.

    Args:
        xs (list of Variable or array): inputs of one dtype and one number of axes:
            0-d, 1-d or 2-d ones of one shape, or ones of shapes ``(M, N, K_i, ...)``
            that agree except along axis 2.

    Returns:
        Variable: the concatenated variable, of shape ``(M, N, sum(K_i), ...)``
        (counting the inputs' shapes after that reshape).
    """
    xs = [core.as_variable(x) for x in xs]
    if not xs:
        fail('dstack', 'xs', 'at least one array', 'none')
    check_stackable('dstack', xs, 3)
    return concat([reshape(x, _atleast_3d_shape(x.shape)) for x in xs], axis=2)
