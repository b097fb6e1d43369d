"""Unpooling over 1, 2, 3 or N spatial axes: the inverse of pooling."""

from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import ntuple
from kusari.functions.pooling._common import spatial_ndim
from kusari.functions.pooling._windows import PoolingNode, WindowSum, window_spread
from kusari.utils.conv import get_deconv_outsize


class UnpoolingND(PoolingNode):
    """Unpooling over ``ndim`` spatial axes: each element of ``x`` is copied over its
    window of an output of spatial size ``outs`` (computed by forward when not given);
    the gradient sums each window (:class:`WindowSum`)."""

    def __init__(self, ndim, ksize, stride=None, pad=0, outsize=None, cover_all=True, *,
                 func='unpooling_nd'):
        super().__init__(func, ndim, ksize, stride, pad, cover_all)
        self.outs = None if outsize is None else ntuple(func, 'outsize', outsize, ndim)

    def forward(self, inputs):
        x, = inputs
        self.check_input(x)
        if self.outs is None:
            self.outs = tuple(get_deconv_outsize(n, k, s, p, self.cover_all) for n, k, s, p in
                              zip(x.shape[2:], self.ksize, self.stride, self.pad))
        # The windows of the pooling that this unpooling inverts are the elements of x.
        pooled = self.windows_over(self.outs).out
        if pooled != x.shape[2:]:
            fail(self.func, 'outsize', 'a size {} that the inverted pooling maps to the input '
                 'size {}'.format(self.outs, x.shape[2:]), 'pooled size {}'.format(pooled))
        self.windows = self.windows_over(self.outs, out=x.shape[2:])
        return window_spread(x, self.windows),

    def backward(self, indexes, grad_outputs):
        return WindowSum(self.windows).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return WindowSum(self.windows).forward(grad_outputs)


def _unpooling(func, ndim, x, ksize, stride, pad, outsize, cover_all):
    ndim = spatial_ndim(func, x, ndim)
    return UnpoolingND(ndim, ksize, stride, pad, outsize, cover_all, func=func).apply((x,))[0]


def unpooling_nd(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse of pooling for N-d arrays: copies each element over its window.

    Where windows overlap, the copies are summed.

    Args:
        x (Variable or array): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): window size.
        stride (int or tuple of ints): window stride; None means ``ksize``.
        pad (int or tuple of ints): padding removed from the output's borders.
        outsize (tuple of ints): output spatial size; by default
            ``get_deconv_outsize(d_i, k_i, s_i, p_i, cover_all)``.
        cover_all (bool): whether the inverted pooling used ``cover_all``.

    Returns:
        Variable: of shape ``(n, c) + outsize``.
    """
    return _unpooling('unpooling_nd', None, x, ksize, stride, pad, outsize, cover_all)


def unpooling_1d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """1-dimensional unpooling; see :func:`unpooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, w)``.
        ksize, stride, pad (int or tuple of 1 ints): window size, stride (None: ``ksize``) and
            padding per spatial axis.
        outsize (tuple of ints or None): the output's spatial size; None computes it.
        cover_all (bool): as in the pooling that this inverts.

    Returns:
        Variable: of shape ``(n, c, w_O)``, each input value repeated over its window.
    """
    return _unpooling('unpooling_1d', 1, x, ksize, stride, pad, outsize, cover_all)


def unpooling_3d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """3-dimensional unpooling; see :func:`unpooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, d, h, w)``.
        ksize, stride, pad (int or tuple of 3 ints): window size, stride (None: ``ksize``) and
            padding per spatial axis.
        outsize (tuple of ints or None): the output's spatial size; None computes it.
        cover_all (bool): as in the pooling that this inverts.

    Returns:
        Variable: of shape ``(n, c, d_O, h_O, w_O)``, each input value repeated over its window.
    """
    return _unpooling('unpooling_3d', 3, x, ksize, stride, pad, outsize, cover_all)
