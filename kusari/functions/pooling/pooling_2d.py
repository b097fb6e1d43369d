"""Chainer's ``Pooling2D``, the base class of pooling nodes over (N, C, H, W) arrays, for
pooling functions written against it."""

from kusari import core
from kusari.utils import conv_nd, type_check


def _pair(x):
    return conv_nd.as_tuple(x, 2)


class Pooling2D(core.FunctionNode):
    """Base class of a pooling function over the planes of an (N, C, H, W) array.

    It keeps the window as Chainer's does (``kh, kw``, ``sy, sx``, ``ph, pw``,
    ``cover_all``, ``return_indices``) and checks that the input is one floating-point
    4-d array. kusari does no cuDNN pooling: a subclass computes its forward on each
    device (``forward``, or ``forward_cpu`` and ``forward_gpu``) and its ``backward``.

    Args:
        ksize (int or pair of ints): the window's height and width.
        stride (int or pair of ints): the window's step; None: ``ksize``.
        pad (int or pair of ints): the padding of both sides of each axis.
        cover_all (bool): whether the output covers every input element.
        return_indices (bool): whether the function also returns argmax indices.
    """

    _used_cudnn = False

    def __init__(self, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
        self.kh, self.kw = _pair(ksize)
        self.sy, self.sx = _pair(ksize if stride is None else stride)
        self.ph, self.pw = _pair(pad)
        self.cover_all = cover_all
        self.return_indices = return_indices

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 1,
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim == 4,
        )
