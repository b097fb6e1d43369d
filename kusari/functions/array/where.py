"""Elementwise choice between two variables."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm


class Where(core.FunctionNode):
    """``condition ? x : y`` elementwise, broadcasting the three inputs."""

    def __init__(self, condition):
        self.condition = condition

    def forward(self, inputs):
        x, y = inputs
        if x.dtype != y.dtype:
            fail('where', 'dtypes of x and y', 'equal dtypes', '{} and {}'.format(
                x.dtype, y.dtype))
        xp = get_array_module(x)
        if not x.shape == y.shape == self.condition.shape:
            try:
                numpy.broadcast_shapes(self.condition.shape, x.shape, y.shape)
            except ValueError:
                fail('where', 'shapes of condition, x and y', 'broadcastable shapes',
                     '{}, {} and {}'.format(self.condition.shape, x.shape, y.shape))
        self._shapes = x.shape, y.shape
        return xp.where(self.condition, x, y),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], ArrayForm)

    def _gradients(self, indexes, gy, form):
        """``gy`` where each input was picked, zero elsewhere, in ``form`` (see _forms)."""
        zero = get_array_module(gy).zeros((), gy.dtype)
        ret = []
        for i in indexes:
            pair = (gy, zero) if i == 0 else (zero, gy)
            ret.append(form.sum_to(form.run(Where(self.condition), pair)[0], self._shapes[i]))
        return tuple(ret)


def where(condition, x, y):
    """Chooses elements of ``x`` where ``condition`` holds and of ``y`` elsewhere.

    Args:
        condition (Variable or array): boolean array of any shape.
        x (Variable or array): values where ``condition`` is True, of a shape that
            broadcasts with ``condition``'s and ``y``'s.
        y (Variable or array): values where it is False, of ``x``'s dtype and of a
            shape that broadcasts with the other two.

    Returns:
        Variable: the chosen values, of ``x``'s dtype and of the shape the three
        broadcast to (``x``'s when all three shapes are equal).
    """
    condition = core.as_array(condition)
    if condition.dtype != bool:
        fail('where', 'condition', 'a boolean array', 'dtype {}'.format(condition.dtype))
    return Where(condition).apply((x, y))[0]
