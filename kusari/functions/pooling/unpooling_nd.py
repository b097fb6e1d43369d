"""Unpooling over 1, 2, 3 or N spatial axes: the inverse of pooling."""

from kusari.functions._checks import fail
from kusari.functions.pooling._common import check_float, spatial_ndim
from kusari.functions.pooling._windows import Windows, WindowSpread
from kusari.utils.conv import get_deconv_outsize


def _unpooling(func, ndim, x, ksize, stride, pad, outsize, cover_all):
    nd = spatial_ndim(func, x, ndim)
    check_float(func, x)
    # The geometry of the pooling that this unpooling inverts: its windows are
    # the elements of x.
    probe = Windows(func, (1,) * nd, ksize, stride, pad, out=x.shape[2:])
    if outsize is None:
        outsize = tuple(get_deconv_outsize(n, k, s, p, cover_all) for n, k, s, p in zip(
            x.shape[2:], probe.ksize, probe.stride, probe.pad))
    elif isinstance(outsize, int):
        outsize = (outsize,) * nd
    windows = Windows(func, tuple(outsize), probe.ksize, probe.stride, probe.pad,
                      out=x.shape[2:])
    pooled = Windows(func, windows.size, probe.ksize, probe.stride, probe.pad, cover_all).out
    if pooled != x.shape[2:]:
        fail(func, 'outsize', 'a size {} that the inverted pooling maps to the input size {}'
             .format(windows.size, x.shape[2:]), 'pooled size {}'.format(pooled))
    return WindowSpread(windows).apply((x,))[0]


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
