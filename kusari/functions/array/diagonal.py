"""Diagonals of an array."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail, normalize_axis


class Diagonal(core.FunctionNode):
    """``numpy.diagonal(x, offset, axis1, axis2)``, as a new array."""

    def __init__(self, offset, axis1, axis2):
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        xp = get_array_module(x)
        return xp.ascontiguousarray(xp.diagonal(x, self.offset, self.axis1, self.axis2)),

    def backward(self, indexes, grad_outputs):
        return DiagonalGrad(self.offset, self.axis1, self.axis2,
                            self._in_shape).apply(grad_outputs)


class DiagonalGrad(core.FunctionNode):
    """Zeros of the input's shape with ``g`` written on the diagonal."""

    def __init__(self, offset, axis1, axis2, shape):
        self.offset = offset
        self.axis1 = axis1
        self.axis2 = axis2
        self.shape = shape

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        gx = xp.zeros(self.shape, g.dtype)
        view = xp.moveaxis(gx, (self.axis1, self.axis2), (-2, -1))
        n = g.shape[-1]
        rows = xp.arange(n) + max(0, -self.offset)
        view[..., rows, rows + self.offset] = g
        return gx,

    def backward(self, indexes, grad_outputs):
        return Diagonal(self.offset, self.axis1, self.axis2).apply(grad_outputs)


def diagonal(x, offset=0, axis1=0, axis2=1):
    """Returns the diagonal with ``offset`` of the 2-d sub-arrays over two axes.

    Args:
        x (Variable or array): input of any shape with at least two axes.
        offset (int): offset of the diagonal from the main one (positive: above).
        axis1 (int): the first axis of the 2-d sub-arrays.
        axis2 (int): the second axis.

    Returns:
        Variable: the diagonals, as ``numpy.diagonal``: of ``x``'s dtype and of
        ``x``'s shape without ``axis1`` and ``axis2``, plus a last axis as long as the
        diagonal (e.g. ``(min(M, N),)`` for ``x`` of shape ``(M, N)`` and ``offset=0``).
    """
    ndim = core.as_array(x).ndim
    if ndim < 2:
        fail('diagonal', 'x', 'an array with at least 2 axes', '{}-d array'.format(ndim))
    axis1, axis2 = normalize_axis('diagonal', (axis1, axis2), ndim)
    return Diagonal(int(offset), axis1, axis2).apply((x,))[0]
