"""N-dimensional transposed convolution ("deconvolution")."""

from kusari.functions._checks import ChainerAssertionError, fail
from kusari.functions.connection import _conv_kernels as kernels
from kusari.functions.connection._conv_args import apply_node, ntuple
from kusari.functions.connection.convolution_nd import ConvolutionND, _ConvolutionNodeBase
from kusari.utils.conv import get_conv_outsize, get_deconv_outsize


class DeconvolutionND(_ConvolutionNodeBase):
    """Transposed convolution of ``x (N, C, *S)`` with ``W (C, O/groups, *k)`` plus ``b``:
    the gradient of :class:`ConvolutionND` with respect to its input."""

    _transposed = True

    def __init__(self, ndim, stride=1, pad=0, outsize=None, dilate=1, groups=1,
                 func='deconvolution_nd'):
        super().__init__(func, ndim, stride, pad, dilate, groups)
        # the output size, as Chainer's node names it; computed by forward when not given
        self.outs = None if outsize is None else ntuple(func, 'outsize', outsize, ndim)

    def _size(self, x, W):
        ksize, in_size = W.shape[2:], x.shape[2:]
        if self.outs is None:
            size = tuple(get_deconv_outsize(n, k, s, p, d=d) for n, k, s, p, d in zip(
                in_size, ksize, self.stride, self.pad, self.dilate))
            if min(size) <= 0:  # an AssertionError, as in Chainer
                raise ChainerAssertionError(
                    '{}: the output size {} of x of shape {} is not positive (pad {} too '
                    'large?)'.format(self.func, size, x.shape, self.pad))
            self.outs = size
            return size
        for n, o, k, s, p, d in zip(in_size, self.outs, ksize, self.stride, self.pad,
                                    self.dilate):
            low = get_conv_outsize(o, k, s, p, False, d)
            high = get_conv_outsize(o, k, s, p, True, d)
            if not low <= n <= high:
                fail(self.func, 'outsize', 'a size {} that a convolution with these arguments '
                     'maps to the input size {}'.format(self.outs, tuple(in_size)),
                     'input sizes from {} to {} along one axis'.format(low, high))
        return self.outs

    def forward(self, inputs):
        x, W, b = self._checked_inputs(inputs)
        return kernels.deconv_forward(x, W, b, self.stride, self.pad, self.dilate, self.groups,
                                      self._size(x, W)),

    def _input_grad_node(self, x_size):
        return ConvolutionND(self.ndim, self.stride, self.pad, dilate=self.dilate,
                             groups=self.groups, out=x_size, func=self.func)


def deconvolution_nd(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """N-dimensional transposed convolution (the gradient of a convolution).

    Args:
        x (Variable or array): float input of shape ``(n, c_I, d_1, ..., d_N)``.
        W (Variable or array): filters of shape ``(c_I, c_O / groups, k_1, ..., k_N)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or tuple of ints): stride of filter applications.
        pad (int or tuple of ints): padding removed from each side of the output.
        outsize (tuple of ints): output spatial size; by default
            ``s_i (d_i - 1) + (k_i - 1) dil_i + 1 - 2 p_i``.
        dilate (int or tuple of ints): dilation of the filters.
        groups (int): number of groups of channels.

    Returns:
        Variable: output of shape ``(n, c_O, l_1, ..., l_N)`` and ``x``'s dtype.
    """
    if x.ndim < 3:
        fail('deconvolution_nd', 'x', 'an array (N, C, *spatial) with at least one spatial '
             'axis', 'shape {}'.format(x.shape))
    node = DeconvolutionND(x.ndim - 2, stride, pad, outsize, dilate, groups)
    return apply_node(node, x, W, b)


def deconvolution_1d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """1-dimensional transposed convolution; see :func:`deconvolution_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c_I, w)``.
        W (Variable or array): filters of shape ``(c_I, c_O / groups, k_w)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride, pad, dilate (int or tuple of 1 ints): per spatial axis.
        outsize (tuple of ints or None): the output's spatial size; None computes it.
        groups (int): number of groups of channels.

    Returns:
        Variable: of shape ``(n, c_O, w_O)`` and ``x``'s dtype.
    """
    if x.ndim != 3:
        fail('deconvolution_1d', 'x', '3-d array (N, C, L)', 'shape {}'.format(x.shape))
    node = DeconvolutionND(1, stride, pad, outsize, dilate, groups, func='deconvolution_1d')
    return apply_node(node, x, W, b)


def deconvolution_3d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """3-dimensional transposed convolution; see :func:`deconvolution_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c_I, d, h, w)``.
        W (Variable or array): filters of shape ``(c_I, c_O / groups, k_d, k_h, k_w)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride, pad, dilate (int or tuple of 3 ints): per spatial axis.
        outsize (tuple of ints or None): the output's spatial size; None computes it.
        groups (int): number of groups of channels.

    Returns:
        Variable: of shape ``(n, c_O, d_O, h_O, w_O)`` and ``x``'s dtype.
    """
    if x.ndim != 5:
        fail('deconvolution_3d', 'x', '5-d array (N, C, D, H, W)', 'shape {}'.format(x.shape))
    node = DeconvolutionND(3, stride, pad, outsize, dilate, groups, func='deconvolution_3d')
    return apply_node(node, x, W, b)
