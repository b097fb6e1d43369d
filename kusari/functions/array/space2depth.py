"""Moving spatial blocks into channels (the inverse of depth2space)."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose


def space2depth(X, r):
    """Rearranges ``r x r`` spatial blocks of ``X`` into channels.

    Pixel ``(i, j)`` of each ``r x r`` block of channel ``c`` becomes channel
    ``(i * r + j) * C + c`` of the output.

    Args:
        X (Variable or array): a 4-d array of shape ``(B, C, H * r, W * r)``.
        r (int): the downscaling factor.

    Returns:
        Variable: an array of shape ``(B, C * r * r, H, W)`` and ``X``'s dtype.
    """
    shape = core.as_array(X).shape
    if len(shape) != 4:
        fail('space2depth', 'X', 'a 4-d array', 'shape {}'.format(shape))
    if not isinstance(r, int) or r < 1 or shape[2] % r or shape[3] % r:
        fail('space2depth', 'r', 'a positive int dividing the spatial size {}'.format(
            shape[2:]), r)
    b, c, h, w = shape
    h //= r
    w //= r
    blocks = reshape(X, (b, c, h, r, w, r))
    return reshape(transpose(blocks, (0, 3, 5, 1, 2, 4)), (b, r * r * c, h, w))
