"""Chainer's CUDA kernels of N-dimensional average pooling, which kusari does not have (see
:mod:`kusari.functions.pooling.pooling_nd_kernel`)."""

from kusari.functions.pooling import pooling_nd_kernel


class AveragePoolingNDKernelForward(pooling_nd_kernel.PoolingNDKernelForward):
    """Chainer's forward kernel of average pooling (not in kusari)."""


class AveragePoolingNDKernelBackward(pooling_nd_kernel.PoolingNDKernelBackward):
    """Chainer's backward kernel of average pooling (not in kusari)."""
