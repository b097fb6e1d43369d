"""Average pooling over 1, 2, 3 or N spatial axes."""

from kusari.backend import get_array_module
from kusari.functions.pooling._common import spatial_ndim
from kusari.functions.pooling._windows import PoolingNode, WindowSpread, window_sum


class AveragePoolingND(PoolingNode):
    """Average pooling over ``ndim`` spatial axes: ``pad_value`` 0 averages padded
    elements as zeros, None leaves them out. Linear: its gradient spreads the output's
    over the windows (:class:`WindowSpread`)."""

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=False, pad_value=0, *,
                 func='average_pooling_nd'):
        if pad_value not in (0, None):
            raise ValueError('{}: pad_value must be 0 or None, got {!r}'.format(func, pad_value))
        if cover_all:
            raise ValueError('{}: cover_all is not supported'.format(func))
        super().__init__(func, ndim, ksize, stride, pad, cover_all)
        self.pad_value = pad_value

    def forward(self, inputs):
        x, = inputs
        self.check_input(x)
        self.windows = windows = self.windows_over(x.shape[2:])
        if self.pad_value is None and windows.padded:
            # Divide each window by the number of input elements it covers.
            xp = get_array_module(x)
            self.scale = 1 / window_sum(xp.ones((1, 1) + windows.size, dtype=x.dtype), windows)
        else:
            self.scale = x.dtype.type(1.0 / windows.n_taps)
        return window_sum(x, windows, self.scale),

    def backward(self, indexes, grad_outputs):
        return WindowSpread(self.windows, self.scale).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return WindowSpread(self.windows, self.scale).forward(grad_outputs)


def _average_pooling(func, ndim, x, ksize, stride, pad, pad_value):
    ndim = spatial_ndim(func, x, ndim)
    return AveragePoolingND(ndim, ksize, stride, pad, pad_value=pad_value,
                            func=func).apply((x,))[0]


def average_pooling_nd(x, ksize, stride=None, pad=0, pad_value=0):
    """N-dimensionally spatial average pooling.

    Args:
        x (Variable or array): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): window size.
        stride (int or tuple of ints): window stride; None means ``ksize``.
        pad (int or tuple of ints): padding on both sides.
        pad_value (0 or None): 0 averages padded elements as zeros (every window is
            divided by its full size); None leaves them out of the average.

    Returns:
        Variable: of shape ``(n, c, l_1, ..., l_N)``, ``l_i = (d_i + 2 p_i - k_i) // s_i + 1``.
    """
    return _average_pooling('average_pooling_nd', None, x, ksize, stride, pad, pad_value)


def average_pooling_1d(x, ksize, stride=None, pad=0, pad_value=0):
    """1-dimensional average pooling; see :func:`average_pooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, w)``.
        ksize, stride, pad (int or tuple of 1 ints): window size, stride (None: ``ksize``) and
            padding per spatial axis.
        pad_value (0 or None): 0 counts padded elements in the mean; None leaves them
            out.

    Returns:
        Variable: of shape ``(n, c, w_O)``.
    """
    return _average_pooling('average_pooling_1d', 1, x, ksize, stride, pad, pad_value)


def average_pooling_3d(x, ksize, stride=None, pad=0, pad_value=0):
    """3-dimensional average pooling; see :func:`average_pooling_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c, d, h, w)``.
        ksize, stride, pad (int or tuple of 3 ints): window size, stride (None: ``ksize``) and
            padding per spatial axis.
        pad_value (0 or None): 0 counts padded elements in the mean; None leaves them
            out.

    Returns:
        Variable: of shape ``(n, c, d_O, h_O, w_O)``.
    """
    return _average_pooling('average_pooling_3d', 3, x, ksize, stride, pad, pad_value)
