"""Flipping up and down."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.flip import Flip


def flipud(a):
    """Reverses the order of elements along axis 0 (up/down).

    Args:
        a (Variable or array): input of shape ``(M, ...)`` (at least one axis).

    Returns:
        Variable: the flipped variable, of ``a``'s shape.
    """
    ndim = core.as_array(a).ndim
    if ndim < 1:
        fail('flipud', 'a', 'an array with at least 1 axis', '0-d array')
    return Flip(0).apply((a,))[0]
