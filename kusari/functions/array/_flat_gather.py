"""Gathering elements by flat index, and its adjoint (a scatter-add by flat index).

Functions that copy elements around with repeats (as_strided, pad's edge/reflect
modes) are a gather ``x.ravel()[indices]``; the pair below gives them a backward
that is itself differentiable.
"""

import math

from kusari import core
from kusari.backend import get_array_module


class FlatGather(core.FunctionNode):
    """``x.ravel()[indices]`` for an integer array ``indices`` (repeats allowed)."""

    def __init__(self, indices):
        self.indices = indices

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = get_array_module(x)
        if not isinstance(self.indices, xp.ndarray):
            self.indices = xp.asarray(self.indices)
        return x.ravel().take(self.indices),

    def backward(self, indexes, grad_outputs):
        return FlatScatterAdd(self.indices, self._in_shape).apply(grad_outputs)


class FlatScatterAdd(core.FunctionNode):
    """Zeros of ``shape`` with ``g`` added at the flat ``indices`` (the gather's adjoint)."""

    def __init__(self, indices, shape):
        self.indices = indices
        self.shape = shape

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        # bincount accumulates in float64, which also keeps float16 sums accurate.
        total = xp.bincount(self.indices.ravel(), weights=g.ravel(),
                            minlength=math.prod(self.shape))
        return total.astype(g.dtype, copy=False).reshape(self.shape),

    def backward(self, indexes, grad_outputs):
        return FlatGather(self.indices).apply(grad_outputs)


def flat_gather(x, indices):
    """Differentiable ``x.ravel()[indices]``."""
    return FlatGather(indices).apply((x,))[0]
