"""N-dimensional convolution links."""

from kusari import functions as F
from kusari.links.connection._conv_setup import (
    ConvolutionLinkBase, as_tuple, optional_in_channels)


class ConvolutionND(ConvolutionLinkBase):
    """N-dimensional convolution with learnable filters ``W`` of shape
    ``(out_channels, in_channels / groups, *ksize)`` and bias ``b``.

    Args:
        ndim (int): number of spatial axes.
        in_channels (int or None): input channels; None infers them from the first
            input. ``ConvolutionND(ndim, out_channels, ksize)`` is also accepted.
        out_channels (int): output channels.
        ksize (int or tuple): filter size.
        stride (int or tuple): stride of filter applications.
        pad (int or tuple): zero padding of each spatial axis.
        nobias (bool): no bias when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias: initializer of b (default: zeros).
        cover_all (bool): add output positions so every input element is covered.
        dilate (int or tuple): filter dilation.
        groups (int): number of channel groups convolved separately.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None, cover_all=False, dilate=1,
                 groups=1):
        super().__init__()
        in_channels, out_channels, ksize = optional_in_channels(in_channels, out_channels, ksize)
        self.ndim = ndim
        self.ksize = as_tuple(ksize, ndim)
        self.stride = stride
        self.pad = pad
        self.cover_all = cover_all
        self.dilate = as_tuple(dilate, ndim)
        self.groups = int(groups)
        self._create_params(in_channels, out_channels, nobias, initialW, initial_bias)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, **kwargs):
        """A link whose parameters start as copies of the arrays ``W`` and ``b``."""
        in_channels, out_channels, W, b = cls._from_params_args(W, b, kwargs.get('groups', 1))
        return cls(len(W.shape) - 2, in_channels, out_channels, W.shape[2:], stride, pad,
                   nobias, initialW=W, initial_bias=b, **kwargs)

    @property
    def printable_specs(self):
        yield 'ndim', self.ndim
        yield from self._common_specs()
        yield 'groups', self.groups

    def forward(self, x):
        if self.W.array is None:
            self._initialize_params(x.shape[1])
        return F.convolution_nd(x, self.W, self.b, self.stride, self.pad,
                                cover_all=self.cover_all, dilate=self.dilate,
                                groups=self.groups)


class Convolution1D(ConvolutionND):
    """One-dimensional convolution (ConvolutionND with ``ndim=1``).

    Args:
        in_channels (int or None): input channels; None infers them on the first call.
        out_channels (int): output channels.
        ksize, stride, pad, dilate: as in :class:`ConvolutionND`, an int or a 1-tuple.

    The input has shape ``(n, c_I, w)``. The other arguments are those of
    :class:`ConvolutionND`.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, cover_all=False, dilate=1, groups=1):
        super().__init__(1, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)


class Convolution3D(ConvolutionND):
    """Three-dimensional convolution (ConvolutionND with ``ndim=3``).

    Args:
        in_channels (int or None): input channels; None infers them on the first call.
        out_channels (int): output channels.
        ksize, stride, pad, dilate: as in :class:`ConvolutionND`, an int or 3 ints.

    The input has shape ``(n, c_I, d, h, w)``. The other arguments are those of
    :class:`ConvolutionND`.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None, cover_all=False, dilate=1, groups=1):
        super().__init__(3, in_channels, out_channels, ksize, stride, pad, nobias, initialW,
                         initial_bias, cover_all, dilate, groups)
