"""N-dimensional convolution (1-d, 2-d, 3-d, ...), with stride, pad, dilate and groups."""

import importlib

from kusari import core
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.connection import _conv_kernels as kernels
from kusari.functions.connection._conv_args import (apply_node, check_inputs, ntuple,
                                                    unpack_inputs)
from kusari.utils.conv import get_conv_outsize


class _ConvolutionNodeBase(core.FunctionNode):
    """What a convolution and a transposed convolution share: the geometry (one stride,
    pad and dilation per spatial axis, and the channel groups), the input checks, and a
    backward in which each is the other's gradient with respect to the input and both
    take :class:`ConvolutionNDGradW` for the weight's."""

    _input_indexes_to_retain = (0, 1)  # x and W
    _transposed = False

    def __init__(self, func, ndim, stride, pad, dilate, groups):
        self.func = func
        self.ndim = ndim
        self.stride = ntuple(func, 'stride', stride, ndim)
        self.pad = ntuple(func, 'pad', pad, ndim, minimum=0)
        self.dilate = ntuple(func, 'dilate', dilate, ndim)
        if not isinstance(groups, int) or groups < 1:
            fail(func, 'groups', 'a positive int', repr(groups))
        self.groups = groups

    def _checked_inputs(self, inputs):
        """``(x, W, b)`` of ``forward``'s inputs, checked."""
        x, W, b = unpack_inputs(self.func, inputs)
        check_inputs(self.func, x, W, b, self.groups, transposed=self._transposed)
        if x.ndim != self.ndim + 2:
            fail(self.func, 'x', '{}-d array (N, C, *spatial)'.format(self.ndim + 2),
                 'shape {}'.format(x.shape))
        return x, W, b

    def _input_grad_node(self, x_size):
        """The transposed operation, giving the gradient of an ``x`` of spatial size
        ``x_size``."""
        raise NotImplementedError

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        return self._gradients(indexes, grad_outputs[0], x, W, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        x, W = self.get_retained_arrays()
        return self._gradients(indexes, grad_outputs[0], x, W, ArrayForm)

    def _gradients(self, indexes, gy, x, W, form):
        """The gradients of the targets among (x, W, b) in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(form.run(self._input_grad_node(x.shape[2:]), (gy, W))[0])
            elif i == 1:
                # W correlates x with gy; the transposed convolution's x plays gy's part
                x_and_gy = (gy, x) if self._transposed else (x, gy)
                ret.append(form.cast(form.run(ConvolutionNDGradW(
                    W.shape[2:], self.stride, self.pad, self.dilate, self.groups,
                    self.func), x_and_gy)[0], W.dtype))
            else:
                ret.append(form.cast(form.sum(gy, (0,) + tuple(range(2, gy.ndim))),
                                     self.inputs[2].dtype))
        return tuple(ret)


class ConvolutionND(_ConvolutionNodeBase):
    """Convolution of ``x (N, C, *S)`` with ``W (O, C/groups, *k)`` plus optional ``b``.

    ``out`` fixes the output size (used by the gradients of transposed
    convolutions); by default it follows from ``cover_all``.
    """

    def __init__(self, ndim, stride=1, pad=0, cover_all=False, dilate=1, groups=1, out=None,
                 func='convolution_nd'):
        super().__init__(func, ndim, stride, pad, dilate, groups)
        self.cover_all = bool(cover_all)
        self.out = None if out is None else tuple(out)

    def _outsize(self, x, W):
        if self.out is not None:
            return self.out
        out = tuple(get_conv_outsize(n, k, s, p, self.cover_all, d) for n, k, s, p, d in zip(
            x.shape[2:], W.shape[2:], self.stride, self.pad, self.dilate))
        if min(out) <= 0:
            fail(self.func, 'x', 'a spatial size of at least the dilated kernel size {} (with '
                 'pad {})'.format(tuple((k - 1) * d + 1 for k, d in zip(W.shape[2:], self.dilate)),
                                  self.pad), 'x of shape {}'.format(x.shape))
        return out

    def forward(self, inputs):
        x, W, b = self._checked_inputs(inputs)
        return kernels.conv_forward(x, W, b, self.stride, self.pad, self.dilate, self.groups,
                                    self._outsize(x, W)),

    def _input_grad_node(self, x_size):
        return _deconv().DeconvolutionND(self.ndim, self.stride, self.pad, x_size, self.dilate,
                                         self.groups, func=self.func)


class ConvolutionNDGradW(core.FunctionNode):
    """Gradient of a convolution's weight from its input ``x`` and output gradient ``gy``.

    Also the weight gradient of a transposed convolution, with the roles of its
    input and output exchanged.
    """

    _input_indexes_to_retain = (0, 1)

    def __init__(self, ksize, stride, pad, dilate, groups, func):
        self.ksize = tuple(ksize)
        self.stride, self.pad, self.dilate = stride, pad, dilate
        self.groups = groups
        self.func = func

    def forward(self, inputs):
        x, gy = inputs
        return kernels.conv_grad_weight(x, gy, self.ksize, self.stride, self.pad, self.dilate,
                                        self.groups),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ndim = len(self.ksize)
        ret = []
        for i in indexes:
            if i == 0:
                ret.append(_deconv().DeconvolutionND(
                    ndim, self.stride, self.pad, x.shape[2:], self.dilate, self.groups,
                    func=self.func).apply((gy, ggW))[0])
            else:
                ret.append(ConvolutionND(
                    ndim, self.stride, self.pad, dilate=self.dilate, groups=self.groups,
                    out=gy.shape[2:], func=self.func).apply((x, ggW))[0])
        return tuple(ret)


def _deconv():
    # deconvolution_nd imports this module: resolve the cycle at call time (by
    # module path: the package attribute of that name is the function).
    return importlib.import_module('kusari.functions.connection.deconvolution_nd')


def convolution_nd(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """N-dimensional convolution (cross-correlation, as in ConvNets).

    Args:
        x (Variable or array): float input of shape ``(n, c_I, d_1, ..., d_N)``.
        W (Variable or array): filters of shape ``(c_O, c_I / groups, k_1, ..., k_N)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride (int or tuple of ints): stride of filter applications.
        pad (int or tuple of ints): zero padding on both sides of each spatial axis.
        cover_all (bool): add output positions so that every input element is
            covered by some window (useful with strides larger than 1).
        dilate (int or tuple of ints): dilation of the filters.
        groups (int): number of groups of channels convolved separately.

    Returns:
        Variable: output of shape ``(n, c_O, l_1, ..., l_N)`` and ``x``'s dtype, with
        ``l_i = (d_i + 2 p_i - (k_i - 1) dil_i - 1) // s_i + 1`` (``cover_all`` adds
        ``s_i - 1`` before the division).
    """
    if x.ndim < 3:
        fail('convolution_nd', 'x', 'an array (N, C, *spatial) with at least one spatial axis',
             'shape {}'.format(x.shape))
    node = ConvolutionND(x.ndim - 2, stride, pad, cover_all, dilate, groups)
    return apply_node(node, x, W, b)


def convolution_1d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """1-dimensional convolution; see :func:`convolution_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c_I, w)``.
        W (Variable or array): filters of shape ``(c_O, c_I / groups, k_w)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride, pad, dilate (int or tuple of 1 ints): per spatial axis.
        cover_all (bool): add output positions so that every input element is covered.
        groups (int): number of groups of channels convolved separately.

    Returns:
        Variable: of shape ``(n, c_O, w_O)`` and ``x``'s dtype.
    """
    if x.ndim != 3:
        fail('convolution_1d', 'x', '3-d array (N, C, L)', 'shape {}'.format(x.shape))
    node = ConvolutionND(1, stride, pad, cover_all, dilate, groups, func='convolution_1d')
    return apply_node(node, x, W, b)


def convolution_3d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """3-dimensional convolution; see :func:`convolution_nd`.

    Args:
        x (Variable or array): input of shape ``(n, c_I, d, h, w)``.
        W (Variable or array): filters of shape ``(c_O, c_I / groups, k_d, k_h, k_w)``.
        b (Variable, array or None): bias of shape ``(c_O,)``.
        stride, pad, dilate (int or tuple of 3 ints): per spatial axis.
        cover_all (bool): add output positions so that every input element is covered.
        groups (int): number of groups of channels convolved separately.

    Returns:
        Variable: of shape ``(n, c_O, d_O, h_O, w_O)`` and ``x``'s dtype.
    """
    if x.ndim != 5:
        fail('convolution_3d', 'x', '5-d array (N, C, D, H, W)', 'shape {}'.format(x.shape))
    node = ConvolutionND(3, stride, pad, cover_all, dilate, groups, func='convolution_3d')
    return apply_node(node, x, W, b)
