"""Chainer's ``_PoolingND``, the base class of pooling nodes over N spatial axes, for
pooling functions written against it."""

from kusari import core
from kusari.utils import conv_nd, type_check


class _PoolingND(core.FunctionNode):
    """Base class of a pooling function over the N spatial axes of an (N, C, ...) array.

    It keeps the window as Chainer's does (``ndim``, and ``ksize``, ``stride`` and
    ``pad`` as ``ndim``-tuples, ``cover_all``, ``return_indices``) and checks that the
    input is one floating-point array with ``ndim`` spatial axes. kusari does no cuDNN
    pooling (``is_cudnn_used`` is False): a subclass computes its forward on each device
    and its ``backward``.

    Args:
        ndim (int): the number of spatial axes (at least 1).
        ksize, stride, pad: ints or ``ndim``-sequences; ``stride`` None means ``ksize``.
        cover_all (bool): whether the output covers every input element.
        return_indices (bool): whether the function also returns argmax indices.
    """

    is_cudnn_used = False

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True,
                 return_indices=False):
        if ndim <= 0:
            raise ValueError('pooling needs at least one spatial axis, got ndim={}'
                             .format(ndim))
        self.ndim = ndim
        self.ksize = conv_nd.as_tuple(ksize, ndim)
        self.stride = conv_nd.as_tuple(ksize if stride is None else stride, ndim)
        self.pad = conv_nd.as_tuple(pad, ndim)
        self.cover_all = cover_all
        self.return_indices = return_indices

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 1,
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim == 2 + self.ndim,
            in_types[0].size > 0,
        )
