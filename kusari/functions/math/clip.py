"""Clipping to an interval."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import force_array


class Clip(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, x_min, x_max):
        self.x_min = x_min
        self.x_max = x_max

    def forward(self, inputs):
        x, = inputs
        check_float('clip', 'x', x)
        return force_array(get_array_module(x).clip(x, self.x_min, self.x_max), x.dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], self.get_retained_inputs()[0].array, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, form):
        """``gy`` where ``x`` is within the bounds, zero elsewhere, in ``form``."""
        inside = True
        if self.x_min is not None:
            inside = x >= self.x_min
        if self.x_max is not None:
            inside = inside & (x <= self.x_max)
        return form.scale_by_array(gy, inside)


def clip(x, x_min, x_max):
    """Clips ``x`` elementwise to ``[x_min, x_max]``.

    The gradient is passed where ``x_min <= x <= x_max`` (at the bounds too, as in Chainer)
    and is zero elsewhere. Either bound may be None (no bound on that side).

    Args:
        x (Variable or array): a float array of any shape.
        x_min (float or None): the lower bound.
        x_max (float or None): the upper bound.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    if x_min is None and x_max is None:
        raise ValueError('clip: x_min and x_max cannot both be None')
    if x_min is not None and x_max is not None and not x_min < x_max:
        raise ValueError('clip: x_min must be less than x_max, but got x_min={}, x_max={}'
                         .format(x_min, x_max))
    return Clip(x_min, x_max).apply((x,))[0]
