"""Flipping left and right."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.flip import Flip


def fliplr(a):
    """Reverses the order of elements along axis 1 (left/right).

    Args:
        a (Variable or array): input of shape ``(M, N, ...)`` (at least two axes).

    Returns:
        Variable: the flipped variable, of ``a``'s shape.
    """
    ndim = core.as_array(a).ndim
    if ndim < 2:
        fail('fliplr', 'a', 'an array with at least 2 axes', '{}-d array'.format(ndim))
    return Flip(1).apply((a,))[0]
