"""Tiling an array."""

import numbers

from kusari import core
from kusari import backend
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm


class Tile(core.FunctionNode):
    """``numpy.tile(x, reps)``; the gradient sums the tiles."""

    def __init__(self, reps):
        self.reps = reps

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        return get_array_module(x).tile(x, self.reps),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], ArrayForm),

    def _gradient(self, gy, form):
        """``gy`` summed over the copies, in ``form`` (see _forms)."""
        ndim = max(len(self._in_shape), len(self.reps))
        shape = (1,) * (ndim - len(self._in_shape)) + self._in_shape
        reps = (1,) * (ndim - len(self.reps)) + self.reps
        # Axis k of gy is (reps[k], shape[k]) in C order: sum over the reps halves.
        split = form.reshape(gy, tuple(n for pair in zip(reps, shape) for n in pair))
        gx = form.sum(split, axis=tuple(range(0, 2 * ndim, 2)))
        return form.reshape(gx, self._in_shape)


def tile(x, reps):
    """Constructs an array by repeating ``x`` the number of times given by ``reps``.

    Args:
        x (Variable or array): input of any shape.
        reps (int or tuple of int): repetitions along each axis (the shorter of
            ``x.shape`` and ``reps`` is padded with leading ones).

    Returns:
        Variable: the tiled variable, whose length along each axis is ``x``'s times
        ``reps``'s, after that padding (e.g. of shape ``(2, 6)`` for ``x`` of shape
        ``(2, 3)`` and ``reps=2``, ``(4, 2, 3)`` for ``reps=(4, 1, 1)``).
    """
    if not isinstance(x, core.Variable) and not backend.is_array_supported(x):
        raise TypeError('tile: x must be a Variable or an array, not {}'.format(
            type(x).__name__))
    reps = (reps,) if isinstance(reps, numbers.Integral) else tuple(reps)
    if not all(isinstance(r, numbers.Integral) and r >= 0 for r in reps):
        fail('tile', 'reps', 'non-negative ints', reps)
    return Tile(tuple(int(r) for r in reps)).apply((x,))[0]
