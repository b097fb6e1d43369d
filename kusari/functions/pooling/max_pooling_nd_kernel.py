"""Chainer's CUDA kernels of N-dimensional max pooling, which kusari does not have (see
:mod:`kusari.functions.pooling.pooling_nd_kernel`)."""

from kusari.functions.pooling import pooling_nd_kernel


class MaxPoolingNDKernelForward(pooling_nd_kernel.PoolingNDKernelForward):
    """Chainer's forward kernel of max pooling (not in kusari)."""


class MaxPoolingNDKernelBackward(pooling_nd_kernel.PoolingNDKernelBackward):
    """Chainer's backward kernel of max pooling (not in kusari)."""


class MaxPoolingNDKernelForwardWithIndexes(pooling_nd_kernel.PoolingNDKernelForward):
    """Chainer's kernel applying max pooling with given argmax indices (not in kusari)."""


class MaxPoolingNDKernelForwardWithIndexes1(MaxPoolingNDKernelForward):
    """Chainer's kernel of max pooling's double backward (not in kusari)."""
