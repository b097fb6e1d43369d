"""Two-dimensional unpooling."""

from kusari.functions.pooling._windows import PlanarPooling
from kusari.functions.pooling.unpooling_nd import UnpoolingND


class Unpooling2D(PlanarPooling, UnpoolingND):
    """The node of :func:`unpooling_2d`: :class:`UnpoolingND` with ``ndim=2``, Chainer's 2-d
    names of its geometry and ``outh, outw``, the output size (None until forward computes
    one not given)."""

    def __init__(self, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super().__init__(2, ksize, stride, pad, outsize, cover_all, func='unpooling_2d')

    outh = property(lambda self: None if self.outs is None else self.outs[0])
    outw = property(lambda self: None if self.outs is None else self.outs[1])


def unpooling_2d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse of 2-d pooling: copies each element over its ``ksize`` window.

    Where windows overlap, the copies are summed.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): window size.
        stride (int or pair of ints): window stride; None means ``ksize``.
        pad (int or pair of ints): padding removed from the output's borders.
        outsize (pair of ints): output size ``(h_O, w_O)``; by default
            ``get_deconv_outsize(h, k_H, s_H, p_H, cover_all)`` (and likewise ``w_O``).
        cover_all (bool): whether the inverted pooling used ``cover_all``.

    Returns:
        Variable: of shape ``(n, c, h_O, w_O)``.

    >>> import numpy as np
    >>> unpooling_2d(np.array([[[[1, 2]]]], np.float32), 2, cover_all=False).array
    array([[[[1., 1., 2., 2.],
             [1., 1., 2., 2.]]]], dtype=float32)
    """
    return Unpooling2D(ksize, stride, pad, outsize, cover_all).apply((x,))[0]
