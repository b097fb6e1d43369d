"""Two-dimensional average pooling."""

from kusari.functions.pooling._windows import PlanarPooling
from kusari.functions.pooling.average_pooling_nd import AveragePoolingND


class AveragePooling2D(PlanarPooling, AveragePoolingND):
    """The node of :func:`average_pooling_2d`: :class:`AveragePoolingND` with ``ndim=2``
    (padded elements count as zeros) and Chainer's 2-d names of its geometry."""

    def __init__(self, ksize, stride=None, pad=0, cover_all=False):
        super().__init__(2, ksize, stride, pad, cover_all, func='average_pooling_2d')


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
    return AveragePooling2D(ksize, stride, pad).apply((x,))[0]
