"""Two-dimensional depthwise convolution."""

from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose
from kusari.functions.connection._conv_args import check_bias_dtype
from kusari.functions.connection.convolution_nd import ConvolutionND


def depthwise_convolution_2d(x, W, b=None, stride=1, pad=0):
    """Two-dimensional depthwise convolution.

    Each input channel is convolved with its own ``c_M`` filters; output channel
    ``c * c_M + m`` is channel ``c`` convolved with ``W[m, c]``. This is a grouped
    convolution with one group per input channel.

    Args:
        x (Variable or array): float input of shape ``(n, c_I, h, w)``.
        W (Variable or array): filters of shape ``(c_M, c_I, k_H, k_W)`` (``c_M``:
            channel multiplier).
        b (Variable, array or None): bias of shape ``(c_M * c_I,)``.
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): zero padding on both sides of each spatial axis.

    Returns:
        Variable: output of shape ``(n, c_I * c_M, h_O, w_O)`` and ``x``'s dtype, with
        ``h_O = (h + 2 p_H - k_H) // s_Y + 1`` (and likewise ``w_O``).
    """
    if x.ndim != 4 or W.ndim != 4 or x.shape[1] != W.shape[1]:
        fail('depthwise_convolution_2d', 'shapes of x and W',
             'x (n, c_I, h, w) and W (c_M, c_I, k_H, k_W)',
             'x {} and W {}'.format(x.shape, W.shape))
    check_bias_dtype('depthwise_convolution_2d', x, b)
    multiplier, channels, kh, kw = W.shape
    grouped = reshape(transpose(W, (1, 0, 2, 3)), (channels * multiplier, 1, kh, kw))
    node = ConvolutionND(2, stride, pad, groups=channels, func='depthwise_convolution_2d')
    return node.apply((x, grouped) if b is None else (x, grouped, b))[0]
