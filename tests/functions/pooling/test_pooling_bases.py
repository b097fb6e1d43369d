"""Chainer's pooling base classes, Pooling2D and _PoolingND, and its kernel generators."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.functions.pooling import (average_pooling_nd_kernel, max_pooling_nd_kernel,
                                      pooling_2d, pooling_nd, pooling_nd_kernel)
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


class SumPooling2D(pooling_2d.Pooling2D):
    """Sums non-overlapping windows: a pooling node written as Chainer code writes one."""

    def forward(self, inputs):
        x, = inputs
        n, c, h, w = x.shape
        windows = x.reshape(n, c, h // self.kh, self.kh, w // self.kw, self.kw)
        return windows.sum(axis=(3, 5)),

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return F.repeat(F.repeat(gy, self.kh, axis=2), self.kw, axis=3),


def test_pooling_2d_keeps_the_window_as_chainer():
    node = pooling_2d.Pooling2D((2, 3), pad=1)
    assert (node.kh, node.kw, node.sy, node.sx, node.ph, node.pw) == (2, 3, 2, 3, 1, 1)
    assert node.cover_all is True and node.return_indices is False
    node = pooling_2d.Pooling2D(2, stride=(1, 2), cover_all=False, return_indices=True)
    assert (node.sy, node.sx, node.cover_all, node.return_indices) == (1, 2, False, True)
    assert isinstance(node, kusari.FunctionNode)


def test_a_subclass_computes_and_backpropagates():
    x = numpy.random.default_rng(0).uniform(-1, 1, (2, 3, 4, 6))
    check_function(lambda x: SumPooling2D((2, 3)).apply((x,))[0], x,
                   lambda x: x.reshape(2, 3, 2, 2, 2, 3).sum(axis=(3, 5)))


@pytest.mark.parametrize('x', [numpy.zeros((1, 1, 4, 4), numpy.int32),
                               numpy.zeros((1, 4, 4), numpy.float32)])
def test_pooling_2d_checks_its_input(x):
    with pytest.raises(InvalidType):
        SumPooling2D(2).apply((x,))


def test_pooling_nd_keeps_the_window_as_chainer():
    node = pooling_nd._PoolingND(3, 2, stride=(1, 2, 1), pad=0, return_indices=True)
    assert node.ksize == (2, 2, 2) and node.stride == (1, 2, 1) and node.pad == (0, 0, 0)
    assert node.ndim == 3 and node.cover_all and node.return_indices
    assert not node.is_cudnn_used
    assert pooling_nd._PoolingND(1, 4).stride == (4,)
    with pytest.raises(ValueError, match='at least one spatial axis'):
        pooling_nd._PoolingND(0, 2)


def test_pooling_nd_checks_its_input():
    class Identity(pooling_nd._PoolingND):
        def forward(self, inputs):
            return inputs

    Identity(1, 2).apply((numpy.zeros((1, 1, 4), numpy.float32),))
    for x in (numpy.zeros((1, 1, 4, 4), numpy.float32), numpy.zeros((1, 1, 0), numpy.float32),
              numpy.zeros((1, 1, 4), numpy.int32)):
        with pytest.raises(InvalidType):
            Identity(1, 2).apply((x,))


@pytest.mark.parametrize('kernel', [
    pooling_nd_kernel.PoolingNDKernelForward, pooling_nd_kernel.PoolingNDKernelBackward,
    max_pooling_nd_kernel.MaxPoolingNDKernelForward,
    max_pooling_nd_kernel.MaxPoolingNDKernelBackward,
    max_pooling_nd_kernel.MaxPoolingNDKernelForwardWithIndexes,
    max_pooling_nd_kernel.MaxPoolingNDKernelForwardWithIndexes1,
    average_pooling_nd_kernel.AveragePoolingNDKernelForward,
    average_pooling_nd_kernel.AveragePoolingNDKernelBackward])
def test_kernel_generators_say_kusari_has_none(kernel):
    with pytest.raises(NotImplementedError, match='CuPy array code'):
        kernel.generate(2)
