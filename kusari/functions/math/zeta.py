"""Hurwitz zeta function."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_broadcastable, check_float
from kusari.functions.array.broadcast import sum_to
from kusari.functions.math._elementwise import force_array, special


class Zeta(core.FunctionNode):
    """Hurwitz zeta ``sum_k (q + k) ** -x``."""

    _input_indexes_to_retain = (0, 1)

    label = 'zeta'

    def forward(self, inputs):
        x, q = inputs
        check_float('zeta', 'x', x)
        check_float('zeta', 'q', q)
        check_broadcastable('zeta', x, q, ('x', 'q'))
        return force_array(special(get_array_module(q), 'zeta')(x, q), q.dtype),

    def backward(self, indexes, grad_outputs):
        x, q = self.get_retained_inputs()
        if 1 not in indexes:
            return None,
        x = x.array  # a constant: no gradient reaches x, not even a second-order one
        # x and q broadcast against each other: q's gradient is summed back to its shape.
        gq = sum_to(grad_outputs[0] * -x * zeta(x + 1, q), q.shape)
        return tuple(None if i == 0 else gq for i in indexes)


def zeta(x, q):
    """Elementwise Hurwitz zeta function ``zeta(x, q) = sum_k (q + k) ** -x`` (SciPy on the
    CPU).

    Differentiable with respect to ``q``; the exponent ``x`` is treated as a constant
    (its derivative has no closed form through SciPy).

    Args:
        x (Variable or array): the exponents, a float array of any shape (a constant
            for backprop).
        q (Variable or array): the offsets, of a shape that broadcasts with ``x``'s.

    Returns:
        Variable: of the broadcast shape and ``q``'s dtype.
    """
    return Zeta().apply((x, q))[0]
