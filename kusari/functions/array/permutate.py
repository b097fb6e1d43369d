"""Permuting slices along an axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail, values_checkable
from kusari.functions.array._axes import axis_of


def _inverse(indices):
    xp = get_array_module(indices)
    inverse = xp.empty_like(indices)
    inverse[indices] = xp.arange(len(indices), dtype=indices.dtype)
    return inverse


class Permutate(core.FunctionNode):
    """``x.take(indices, axis)`` (or its inverse) for a permutation ``indices``."""

    def __init__(self, indices, axis, inv):
        self.indices = indices
        self.axis = axis
        self.inv = inv

    def forward(self, inputs):
        x, = inputs
        take = _inverse(self.indices) if self.inv else self.indices
        return x.take(take, axis=self.axis),

    def backward(self, indexes, grad_outputs):
        return Permutate(self.indices, self.axis, not self.inv).apply(grad_outputs)


def permutate(x, indices, axis=0, inv=False):
    """Permutes ``x`` along ``axis``: ``y[i] = x[indices[i]]`` (along that axis).

    Args:
        x (Variable or array): input of any shape with at least one axis.
        indices (Variable or array): an integer permutation of
            ``0, ..., x.shape[axis] - 1``, of shape ``(x.shape[axis],)``.
        axis (int): the axis to permute.
        inv (bool): use the inverse permutation, ``y[indices[i]] = x[i]``.

    Returns:
        Variable: the permuted variable, of ``x``'s shape and dtype.
    """
    indices = core.as_array(indices)
    shape = core.as_array(x).shape
    axis = axis_of('permutate', axis, len(shape))
    if indices.ndim != 1 or indices.dtype.kind not in 'iu':
        fail('permutate', 'indices', 'a 1-d integer array', 'shape {} and dtype {}'.format(
            indices.shape, indices.dtype))
    if len(indices) != shape[axis]:
        fail('permutate', 'indices', 'length {} (x.shape[{}])'.format(shape[axis], axis),
             'length {}'.format(len(indices)))
    # Only a permutation has the inverse that backward (and inv=True) takes; on the CPU
    # it is always checked (reading GPU values waits for the GPU: there, as in Chainer,
    # only in debug mode).
    if len(indices) and values_checkable(indices):
        xp = get_array_module(indices)
        low, high = int(indices.min()), int(indices.max())
        if not (0 <= low and high < len(indices)) or (
                xp.bincount(indices, minlength=len(indices)) != 1).any():
            fail('permutate', 'indices', 'a permutation of 0..{}'.format(len(indices) - 1),
                 indices)
    return Permutate(indices, axis, inv).apply((x,))[0]
