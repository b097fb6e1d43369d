"""Chainer's generators of the CUDA kernels of N-dimensional pooling, which kusari does not
have: its GPU pooling is CuPy array code, so ``generate`` raises NotImplementedError."""

from kusari.utils import conv_nd_kernel


class PoolingNDKernelForward(conv_nd_kernel._KernelSource):
    """Chainer's base of the forward pooling kernels (not in kusari)."""


class PoolingNDKernelBackward(conv_nd_kernel._KernelSource):
    """Chainer's base of the backward pooling kernels (not in kusari)."""
