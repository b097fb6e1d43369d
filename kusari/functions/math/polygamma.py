"""Polygamma function."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.math._elementwise import force_array, special


class PolyGamma(core.FunctionNode):
    """``polygamma(n, x)``: the n-th derivative of digamma; ``n`` is an integer array."""

    _input_indexes_to_retain = (0, 1)

    label = 'polygamma'

    def forward(self, inputs):
        n, x = inputs
        if n.dtype.kind not in 'iu':
            fail('polygamma', 'n', 'an integer array', 'dtype {}'.format(n.dtype))
        check_float('polygamma', 'x', x)
        return force_array(special(get_array_module(x), 'polygamma')(n, x), x.dtype),

    def backward(self, indexes, grad_outputs):
        n, x = self.get_retained_inputs()
        return tuple(None if i == 0 else grad_outputs[0] * polygamma(n.array + 1, x)
                     for i in indexes)


def polygamma(n, x):
    """Elementwise polygamma function of order ``n`` (an integer array) at ``x`` (SciPy on
    the CPU).

    Differentiable with respect to ``x`` only.

    Args:
        n (Variable or array): the orders, an integer array of any shape.
        x (Variable or array): the points, a float array; the shapes broadcast.

    Returns:
        Variable: of the broadcast shape and ``x``'s dtype.
    """
    return PolyGamma().apply((n, x))[0]
