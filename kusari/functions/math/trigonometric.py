"""Trigonometric functions and their inverses."""

from kusari.backend import get_array_module
from kusari.functions.math._elementwise import FloatBinary, unary


def _inverse_sqrt_one_minus_square(x):
    from kusari.functions.math.sqrt import rsqrt
    return rsqrt(1 - x * x)


Sin, sin = unary('sin', lambda xp, x: xp.sin(x), lambda x, y, gy: gy * cos(x),
                 doc='Elementwise sine.')
Cos, cos = unary('cos', lambda xp, x: xp.cos(x), lambda x, y, gy: -gy * sin(x),
                 doc='Elementwise cosine.')
Tan, tan = unary('tan', lambda xp, x: xp.tan(x), lambda x, y, gy: gy * (1 + y * y),
                 uses='y', doc='Elementwise tangent.')
Arcsin, arcsin = unary('arcsin', lambda xp, x: xp.arcsin(x),
                       lambda x, y, gy: gy * _inverse_sqrt_one_minus_square(x),
                       doc='Elementwise inverse sine (values in [-pi/2, pi/2]).')
Arccos, arccos = unary('arccos', lambda xp, x: xp.arccos(x),
                       lambda x, y, gy: -gy * _inverse_sqrt_one_minus_square(x),
                       doc='Elementwise inverse cosine (values in [0, pi]).')
Arctan, arctan = unary('arctan', lambda xp, x: xp.arctan(x),
                       lambda x, y, gy: gy / (1 + x * x),
                       doc='Elementwise inverse tangent (values in (-pi/2, pi/2)).')


class Arctan2(FloatBinary):
    name = label = 'arctan2'

    def forward(self, inputs):
        x1, x2 = inputs
        self.check(x1, x2)
        self.retain_inputs((0, 1))
        return get_array_module(x1).arctan2(x1, x2),

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        common = grad_outputs[0] / (x1 * x1 + x2 * x2)
        return self.reduce(indexes, [common * x2 if i == 0 else -common * x1 for i in indexes])


def arctan2(x1, x2):
    """Elementwise arc tangent of ``x1 / x2`` choosing the quadrant by the signs (broadcasts).

    Args:
        x1 (Variable or array): the y-coordinates, a float array of any shape.
        x2 (Variable or array): the x-coordinates; the shapes broadcast.

    Returns:
        Variable: angles in ``[-pi, pi]`` of the broadcast shape.
    """
    return Arctan2().apply((x1, x2))[0]
