"""Two-dimensional average pooling."""

from kusari.functions.pooling.average_pooling_nd import _average_pooling


def average_pooling_2d(x, ksize, stride=None, pad=0):
    """Spatial average pooling over 2-d windows; padded elements count as zeros.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): window size.
        stride (int or pair of ints): window stride; None means ``ksize``.
        pad (int or pair of ints): zero padding on both sides.

    Returns:
        Variable: of shape ``(n, c, h_O, w_O)``, ``h_O = (h + 2 p_H - k_H) // s_H + 1``.

    >>> import numpy as np
    >>> average_pooling_2d(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4), 2).array
    array([[[[ 2.5,  4.5],
             [10.5, 12.5]]]], dtype=float32)
    """
    return _average_pooling('average_pooling_2d', 2, x, ksize, stride, pad, 0)
