"""Stacking along a new axis."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm


class Stack(core.FunctionNode):
    """Joins arrays of one shape along a new ``axis``; the gradient separates them."""

    def __init__(self, axis):
        self.axis = axis

    def forward(self, xs):
        x0 = xs[0]
        if not -x0.ndim - 1 <= self.axis <= x0.ndim:
            fail('stack', 'axis', 'an axis in [{}, {}]'.format(-x0.ndim - 1, x0.ndim), self.axis)
        self.axis %= x0.ndim + 1
        for i, x in enumerate(xs[1:], 1):
            if x.shape != x0.shape or x.dtype != x0.dtype:
                fail('stack', 'xs[{}]'.format(i), 'shape {} and dtype {}'.format(
                    x0.shape, x0.dtype), 'shape {} and dtype {}'.format(x.shape, x.dtype))
        return get_array_module(*xs).stack(xs, axis=self.axis),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], ArrayForm)

    def _gradients(self, indexes, gy, form):
        """``gy`` separated back into the inputs, in ``form`` (see _forms)."""
        from kusari.functions.array.separate import Separate
        gxs = form.run(Separate(self.axis), (gy,))
        return tuple(gxs[i] for i in indexes)


def stack(xs, axis=0):
    """Stacks variables of one shape along a new axis.

    Args:
        xs (list of Variable or array): inputs of one shape ``(s_1, ..., s_n)`` and
            one dtype.
        axis (int): position of the new axis in the output, in
            ``[-n - 1, n]``.

    Returns:
        Variable: the stacked variable, of the inputs' dtype and of their shape with
        a new axis of length ``len(xs)`` at ``axis`` (e.g. ``(len(xs), s_1, ..., s_n)``
        for ``axis=0``).
    """
    xs = tuple(xs)
    if not xs:
        fail('stack', 'xs', 'at least one array', 'none')
    return Stack(axis).apply(xs)[0]
