"""Upsampling with the indices of a max pooling."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.pooling._common import check_float, spatial_ndim
from kusari.functions.pooling._windows import Windows, WindowScatter
from kusari.utils.conv import get_deconv_outsize


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
    func = 'upsampling_2d'
    spatial_ndim(func, x, 2)
    check_float(func, core.as_array(x))
    indexes = core.as_array(indexes)
    if indexes.shape != x.shape or indexes.dtype.kind not in 'iu':
        fail(func, 'indexes', 'an integer array of shape {}'.format(x.shape),
             'shape {} and dtype {}'.format(indexes.shape, indexes.dtype))
    probe = Windows(func, (1, 1), ksize, stride, pad, out=x.shape[2:])
    if outsize is None:
        outsize = tuple(get_deconv_outsize(n, k, s, p, cover_all) for n, k, s, p in zip(
            x.shape[2:], probe.ksize, probe.stride, probe.pad))
    windows = Windows(func, tuple(outsize), probe.ksize, probe.stride, probe.pad,
                      out=x.shape[2:])
    if indexes.size and (int(indexes.min()) < 0 or int(indexes.max()) >= windows.n_taps):
        fail(func, 'indexes', 'offsets in [0, {})'.format(windows.n_taps),
             'values from {} to {}'.format(int(indexes.min()), int(indexes.max())))
    shape = x.shape[:2] + windows.size
    return WindowScatter(windows, indexes, shape).apply((x,))[0]
