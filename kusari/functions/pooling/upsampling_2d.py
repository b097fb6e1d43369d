"""Upsampling with the indices of a max pooling."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.connection._conv_args import ntuple
from kusari.functions.pooling._windows import (PlanarPooling, PoolingNode, WindowGather,
                                               window_scatter)
from kusari.utils.conv import get_deconv_outsize


class Upsampling2D(PlanarPooling, PoolingNode):
    """Puts each element of ``x`` at the offset ``indexes`` gives inside its window of an
    output of size ``(outh, outw)`` (computed by forward when not given); the gradient
    picks those elements back (:class:`WindowGather`)."""

    def __init__(self, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super().__init__('upsampling_2d', 2, ksize, stride, pad, cover_all)
        self.indexes = indexes
        self.outs = None if outsize is None else ntuple(self.func, 'outsize', outsize, 2)

    outh = property(lambda self: None if self.outs is None else self.outs[0])
    outw = property(lambda self: None if self.outs is None else self.outs[1])

    def forward(self, inputs):
        x, = inputs
        self.check_input(x)
        indexes = self.indexes
        if indexes.shape != x.shape or indexes.dtype.kind not in 'iu':
            fail(self.func, 'indexes', 'an integer array of shape {}'.format(x.shape),
                 'shape {} and dtype {}'.format(indexes.shape, indexes.dtype))
        if self.outs is None:
            self.outs = tuple(get_deconv_outsize(n, k, s, p, self.cover_all) for n, k, s, p in
                              zip(x.shape[2:], self.ksize, self.stride, self.pad))
        self.windows = windows = self.windows_over(self.outs, out=x.shape[2:])
        if indexes.size and (int(indexes.min()) < 0 or int(indexes.max()) >= windows.n_taps):
            fail(self.func, 'indexes', 'offsets in [0, {})'.format(windows.n_taps),
                 'values from {} to {}'.format(int(indexes.min()), int(indexes.max())))
        self._out_shape = x.shape[:2] + windows.size
        return window_scatter(x, indexes, windows, self._out_shape),

    def backward(self, indexes, grad_outputs):
        return WindowGather(self.windows, self.indexes, self._out_shape).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return WindowGather(self.windows, self.indexes, self._out_shape).forward(grad_outputs)


def upsampling_2d(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Upsampling that puts each element where the max pooling found its maximum.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``, typically a max pooling's output.
        indexes (ndarray of ints): the offsets inside each window returned by
            ``max_pooling_2d(..., return_indices=True)``, of ``x``'s shape.
        ksize (int or pair of ints): window size of that pooling.
        stride (int or pair of ints): its stride; None means ``ksize``.
        pad (int or pair of ints): its padding.
        outsize (pair of ints): output size; by default
            ``get_deconv_outsize(h, k_H, s_H, p_H, cover_all)`` (and likewise ``w_O``).
        cover_all (bool): whether that pooling used ``cover_all``.

    Returns:
        Variable: of shape ``(n, c, h_O, w_O)``, zero except at the maxima (elements
        of overlapping windows that meet are summed).
    """
    return Upsampling2D(core.as_array(indexes), ksize, stride, pad, outsize,
                        cover_all).apply((x,))[0]
