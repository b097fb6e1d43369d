"""Moving channel blocks into spatial blocks (sub-pixel upscaling)."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose


def depth2space(X, r):
    """Rearranges channels of ``X`` into ``r x r`` spatial blocks.

    Channel ``(i * r + j) * C + c`` of the input becomes pixel ``(i, j)`` of the
    ``r x r`` block of output channel ``c``.

    Args:
        X (Variable or array): a 4-d array of shape ``(B, C * r * r, H, W)``.
        r (int): the upscaling factor.

    Returns:
        Variable: an array of shape ``(B, C, H * r, W * r)`` and ``X``'s dtype.
    """
    shape = core.as_array(X).shape
    if len(shape) != 4:
        fail('depth2space', 'X', 'a 4-d array', 'shape {}'.format(shape))
    if not isinstance(r, int) or r < 1 or shape[1] % (r * r):
        fail('depth2space', 'r', 'a positive int whose square divides {} channels'.format(
            shape[1]), r)
    b, c, h, w = shape
    c //= r * r
    blocks = reshape(X, (b, r, r, c, h, w))
    return reshape(transpose(blocks, (0, 3, 4, 1, 5, 2)), (b, c, h * r, w * r))
