"""Batch normalization with statistics over the batches of all processes."""

import numpy

from kusari import backend, core
from kusari.distributed.communicators import _arrays


def _stat_axes(x):
    return (0,) + tuple(range(2, x.ndim))


def _per_channel(array, x):
    """``array`` (one value per channel) shaped to broadcast against ``x``."""
    return array.reshape((1, -1) + (1,) * (x.ndim - 2))


class MultiNodeBatchNormalizationFunction(core.FunctionNode):
    """Normalizes ``x`` (axis 1 = channels) with the mean and variance of the union of
    all processes' batches; the backward pass sums the statistics' gradients over the
    processes likewise. Every process must call forward and backward together.

    After forward, ``mean``, ``var`` (biased) and ``count`` (examples times positions
    over all processes) hold the statistics, for the running averages.
    """

    def __init__(self, comm, eps=2e-5):
        self.comm = comm
        self.eps = eps

    def _allreduce_host(self, array):
        host = numpy.asarray(_arrays.to_host(array), dtype=numpy.float64)
        return self.comm.allreduce(host)

    def forward(self, inputs):
        x, gamma, beta = inputs
        xp = backend.get_array_module(x)
        axes = _stat_axes(x)
        local_count = x.size // x.shape[1] if x.size else 0
        stats = self._allreduce_host(xp.concatenate([
            x.sum(axis=axes, dtype=numpy.float64), (x * x).sum(axis=axes, dtype=numpy.float64),
            xp.asarray([local_count], dtype=numpy.float64)]))
        channels = x.shape[1]
        self.count = count = stats[-1]
        if count == 0:
            raise ValueError('MultiNodeBatchNormalization: the batches of all processes '
                             'are empty')
        mean = stats[:channels] / count
        var = numpy.maximum(stats[channels:2 * channels] / count - mean * mean, 0.0)
        self.mean, self.var = mean, var
        inv_std = xp.asarray(1.0 / numpy.sqrt(var + self.eps), dtype=x.dtype)
        self._inv_std = inv_std
        self._x_hat = (x - _per_channel(xp.asarray(mean, dtype=x.dtype), x)) * _per_channel(
            inv_std, x)
        self._gamma = gamma
        return (_per_channel(gamma, x) * self._x_hat + _per_channel(beta, x)).astype(
            x.dtype, copy=False),

    def backward(self, target_input_indexes, grad_outputs):
        gy = grad_outputs[0].array
        x_hat = self._x_hat
        xp = backend.get_array_module(gy)
        axes = _stat_axes(gy)
        gbeta = gy.sum(axis=axes)
        ggamma = (gy * x_hat).sum(axis=axes)
        channels = gy.shape[1]
        totals = self._allreduce_host(xp.concatenate([gbeta, ggamma]))
        gbeta_all = xp.asarray(totals[:channels], dtype=gy.dtype)
        ggamma_all = xp.asarray(totals[channels:], dtype=gy.dtype)
        count = gy.dtype.type(self.count)
        gx = _per_channel(self._gamma * self._inv_std, gy) / count * (
            count * gy - _per_channel(gbeta_all, gy) - x_hat * _per_channel(ggamma_all, gy))
        # Each gradient in its input's dtype (mixed16: float16 x, float32 gamma and beta).
        _, gamma, beta = self.inputs
        grads = (gx.astype(gy.dtype, copy=False), ggamma.astype(gamma.dtype, copy=False),
                 gbeta.astype(beta.dtype, copy=False))
        return tuple(grads[i] for i in target_input_indexes)


def multi_node_batch_normalization(x, gamma, beta, comm, eps=2e-5):
    """Batch normalization of ``x`` by the statistics of all processes' batches.

    Returns:
        tuple: the output Variable and the function node (for its ``mean``, ``var``
        and ``count``).
    """
    func = MultiNodeBatchNormalizationFunction(comm, eps)
    y, = func.apply((x, gamma, beta))
    return y, func
