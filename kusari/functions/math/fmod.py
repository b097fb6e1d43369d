"""Elementwise floating-point remainder."""

from kusari.backend import get_array_module
from kusari.functions.math._elementwise import FloatBinary, scale_by_array


class Fmod(FloatBinary):
    _input_indexes_to_retain = (0, 1)

    name = label = 'fmod'
    arg_names = ('x', 'divisor')

    def forward(self, inputs):
        x, divisor = inputs
        self.check(x, divisor)
        return get_array_module(x).fmod(x, divisor),

    def backward(self, indexes, grad_outputs):
        x, divisor = self.get_retained_inputs()
        gy, = grad_outputs
        gxs = []
        for i in indexes:
            if i == 0:
                gxs.append(gy)
            else:
                # fmod(x, d) = x - fix(x / d) * d, and fix is locally constant.
                quotient = get_array_module(x.array).fix(x.array / divisor.array)
                gxs.append(scale_by_array(gy, -quotient))
        return self.reduce(indexes, gxs)


def fmod(x, divisor):
    """Elementwise remainder of ``x / divisor`` with the sign of ``x`` (C's fmod; broadcasts).

    Args:
        x (Variable or array): dividends, a float array of any shape.
        divisor (Variable or array): divisors of ``x``'s dtype; the shapes broadcast.

    Returns:
        Variable: of the broadcast shape and ``x``'s dtype.
    """
    return Fmod().apply((x, divisor))[0]
