"""N-dimensional deconvolution (transposed convolution) links."""

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)


class DeconvolutionND(ConvolutionLinkBase):
    """N-dimensional transposed convolution with filters ``W`` of shape
    ``(in_channels, out_channels / groups, *ksize)`` and bias ``b``.

    Args:
        ndim (int): number of spatial axes.
        in_channels (int or None): input channels; None infers them from the first
            input. ``DeconvolutionND(ndim, out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or tuple): filter size.
        stride (int or tuple): stride.
        pad (int or tuple): padding removed from each spatial axis of the output.
        nobias (bool): no bias when True.
        outsize (tuple of ints): the output's spatial size (None: the smallest).
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        dilate (int or tuple): filter dilation.
        groups (int): number of channel groups.
    """

    _transposed = True

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, outsize=None, initialW=None, initial_bias=None, dilate=1,
                 groups=1):
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ndim = ndim
        self.ksize = as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.outsize = outsize
        self.dilate = as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, outsize=None, **kwargs):
        """A link whose parameters start as copies of the arrays ``W`` and ``b``."""
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(len(W.shape) - 2, in_channels, out_channels, W.shape[2:], stride, pad,
                   nobias, outsize, initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self):
        yield 'ndim', self.ndim
        yield from self._common_specs()
        yield 'outsize', self.outsize

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.deconvolution_nd(x, self.W, self.b, self.stride, self.pad,
                                  outsize=self.outsize, dilate=self.dilate,
                                  groups=self.groups)


class Deconvolution1D(DeconvolutionND):
    """One-dimensional transposed convolution (DeconvolutionND with ``ndim=1``).

    Args:
        in_channels (int or None): input channels; None infers them on the first call.
        out_channels (int): output channels.
        ksize, stride, pad, dilate: as in :class:`DeconvolutionND`, an int or a 1-tuple.

    The input has shape ``(n, c_I, w)``. The other arguments are those of
    :class:`DeconvolutionND`.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, dilate=1, groups=1):
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)


class Deconvolution3D(DeconvolutionND):
    """Three-dimensional transposed convolution (DeconvolutionND with ``ndim=3``).

    Args:
        in_channels (int or None): input channels; None infers them on the first call.
        out_channels (int): output channels.
        ksize, stride, pad, dilate: as in :class:`DeconvolutionND`, an int or 3 ints.

    The input has shape ``(n, c_I, d, h, w)``. The other arguments are those of
    :class:`DeconvolutionND`.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 outsize=None, initialW=None, initial_bias=None, dilate=1, groups=1):
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, outsize,
                         initialW, initial_bias, dilate, groups)
