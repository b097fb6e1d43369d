"""Swish ``x * sigmoid(beta * x)`` with a learnable ``beta``."""

from kusari import core
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape


def swish(x, beta):
    """Swish ``x * sigmoid(beta * x)``.

    ``beta`` is broadcast over the batch axis and the trailing axes.

    Args:
        x (Variable or array): input of shape ``(N, C, ...)``, a float array.
        beta (Variable or array): the parameter, of shape ``x.shape[1:1 + beta.ndim]``
            and ``x``'s dtype, e.g. ``(C,)``.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    check_float('swish', 'x', core.as_array(x))
    check_same_dtype('swish', core.as_array(x), core.as_array(beta), ('x', 'beta'))
    if beta.ndim >= x.ndim or x.shape[1:1 + beta.ndim] != beta.shape:
        fail('swish', 'shape of beta', 'x.shape[1:1 + beta.ndim] with x.shape={}'.format(
            x.shape), beta.shape)
    shape = (1,) + beta.shape + (1,) * (x.ndim - beta.ndim - 1)
    return x * sigmoid(broadcast_to(reshape(beta, shape), x.shape) * x)
