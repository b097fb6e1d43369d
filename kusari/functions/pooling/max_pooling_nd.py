"""Max pooling over 1, 2, 3 or N spatial axes."""

import numpy

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.pooling._windows import PoolingNode, WindowScatter, window_max
from kusari.configuration import config


class MaxPoolingND(PoolingNode):
    """Max pooling over ``ndim`` spatial axes (Chainer's node of every max pooling).

    ``index`` (the argmax tap of each window) is computed in forward only when
    ``return_indices`` or ``need_index`` (a gradient will be wanted) asks for it.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, return_indices=False,
                 *, func='max_pooling_nd', need_index=True):
        super().__init__(func, ndim, ksize, stride, pad, cover_all)
        self.return_indices = return_indices
        self.need_index = need_index or return_indices
        self.windows = None
        self.index = None

    def forward(self, inputs):
        x, = inputs
        self.check_input(x)
        self.windows = self.windows_over(x.shape[2:])
        self._in_shape = x.shape
        if not self.need_index:
            return window_max(x, self.windows),
        y, self.index = window_max(x, self.windows, with_index=True)
        return y,

    def backward(self, indexes, grad_outputs):
        return self._gradient_node().apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient_node().forward(grad_outputs)

    def _gradient_node(self):
        if self.index is None:
            raise RuntimeError('{}: backward needs the pooling indices, which were not kept: '
                               'the input did not require a gradient'.format(self.func))
        return WindowScatter(self.windows, self.index, self._in_shape)


def _max_pooling(func, ndim, x, ksize, stride, pad, cover_all, return_indices):
    if ndim is None:
        ndim = x.ndim - 2
        if ndim < 1:
            fail(func, 'x', 'an array (N, C, *spatial) with at least one spatial axis',
                 'shape {}'.format(x.shape))
    need_index = isinstance(x, core.Variable) and x.requires_grad and config.enable_backprop
    node = MaxPoolingND(ndim, ksize, stride, pad, cover_all, return_indices, func=func,
                        need_index=need_index)
    y, = node.apply((x,))
    if return_indices:
        return y, node.index.astype(numpy.intp)
    return y


def max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """N-dimensionally spatial max pooling.

    Args:
        x (Variable or array): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): window size.
        stride (int or tuple of ints): window stride; None means ``ksize``.
        pad (int or tuple of ints): padding (with -inf) on both sides.
        cover_all (bool): add a last window so that every input element is pooled.
        return_indices (bool): also return, per output element, the row-major
            offset of the maximum inside its window (for :func:`upsampling_2d`).

    Returns:
        Variable: of shape ``(n, c, l_1, ..., l_N)`` and ``x``'s dtype, with
        ``l_i = (d_i + 2 p_i - k_i + s_i - 1) // s_i + 1`` when ``cover_all``, else
        ``(d_i + 2 p_i - k_i) // s_i + 1``; with ``return_indices`` a pair of it and
        the integer indices (an ndarray of intp of the same shape).
    """
    return _max_pooling('max_pooling_nd', None, x, ksize, stride, pad, cover_all,
                        return_indices)


def max_pooling_1d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """1-dimensional max pooling; see :func:`max_pooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, w)``.
        ksize, stride, pad (int or tuple of 1 ints): window size, stride (None: ``ksize``) and
            padding (with -inf) per spatial axis.
        cover_all (bool): add a last window so that every input element is pooled.
        return_indices (bool): also return the offset of each maximum in its window.

    Returns:
        Variable: of shape ``(n, c, w_O)`` and ``x``'s dtype; with ``return_indices``
        a pair of it and the integer indices of the same shape.
    """
    return _max_pooling('max_pooling_1d', 1, x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """Two-dimensional max pooling: the maximum of each ``ksize`` window.

    Args:
        x (Variable or array): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): window size ``(k_H, k_W)``.
        stride (int, pair of ints or None): window stride; None means ``ksize``
            (windows that do not overlap).
        pad (int or pair of ints): padding (with -inf) on both sides.
        cover_all (bool): add a last window so that every input element is
            pooled (Chainer's default); False gives the usual
            ``(h + 2 p - k) // s + 1``.
        return_indices (bool): also return the offset of each maximum inside its
            window (for :func:`upsampling_2d`).

    Returns:
        Variable: of shape ``(n, c, h_O, w_O)`` with
        ``h_O = (h + 2 p_H - k_H + s_H - 1) // s_H + 1`` when ``cover_all``
        (likewise ``w_O``), of ``x``'s dtype; with ``return_indices`` a pair
        ``(y, indices)``, ``indices`` an integer array of ``y``'s shape.
        See :func:`max_pooling_nd` for other numbers of spatial axes.

    >>> import numpy as np
    >>> x = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
    >>> max_pooling_2d(x, 2).array
    array([[[[ 5.,  7.],
             [13., 15.]]]], dtype=float32)
    """
    return _max_pooling('max_pooling_2d', 2, x, ksize, stride, pad, cover_all, return_indices)


def max_pooling_3d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """3-dimensional max pooling; see :func:`max_pooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, d, h, w)``.
        ksize, stride, pad (int or tuple of 3 ints): window size, stride (None: ``ksize``) and
            padding (with -inf) per spatial axis.
        cover_all (bool): add a last window so that every input element is pooled.
        return_indices (bool): also return the offset of each maximum in its window.

    Returns:
        Variable: of shape ``(n, c, d_O, h_O, w_O)`` and ``x``'s dtype; with
        ``return_indices`` a pair of it and the integer indices of the same shape.
    """
    return _max_pooling('max_pooling_3d', 3, x, ksize, stride, pad, cover_all, return_indices)
