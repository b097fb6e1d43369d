"""Trigonometric functions and their inverses."""

from kusari.backend import get_array_module
from kusari.functions.math._elementwise import FloatBinary, UnaryElementwise, unary_doc


def _inverse_sqrt_one_minus_square(x):
    from kusari.functions.math.sqrt import rsqrt
    return rsqrt(1 - x * x)


class Sin(UnaryElementwise):
    name = label = 'sin'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.sin(x))
    derivative = staticmethod(lambda x, y, gy: gy * cos(x))


@unary_doc
def sin(x):
    """Elementwise sine."""
    return Sin().apply((x,))[0]


class Cos(UnaryElementwise):
    name = label = 'cos'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.cos(x))
    derivative = staticmethod(lambda x, y, gy: -gy * sin(x))


@unary_doc
def cos(x):
    """Elementwise cosine."""
    return Cos().apply((x,))[0]


class Tan(UnaryElementwise):
    name = label = 'tan'
    derivative_on_arrays = True
    _output_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.tan(x))
    derivative = staticmethod(lambda x, y, gy: gy * (1 + y * y))


@unary_doc
def tan(x):
    """Elementwise tangent."""
    return Tan().apply((x,))[0]


class Arcsin(UnaryElementwise):
    name = label = 'arcsin'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.arcsin(x))
    derivative = staticmethod(lambda x, y, gy: gy * _inverse_sqrt_one_minus_square(x))


@unary_doc
def arcsin(x):
    """Elementwise inverse sine (values in [-pi/2, pi/2])."""
    return Arcsin().apply((x,))[0]


class Arccos(UnaryElementwise):
    name = label = 'arccos'
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.arccos(x))
    derivative = staticmethod(lambda x, y, gy: -gy * _inverse_sqrt_one_minus_square(x))


@unary_doc
def arccos(x):
    """Elementwise inverse cosine (values in [0, pi])."""
    return Arccos().apply((x,))[0]


class Arctan(UnaryElementwise):
    name = label = 'arctan'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.arctan(x))
    derivative = staticmethod(lambda x, y, gy: gy / (1 + x * x))


@unary_doc
def arctan(x):
    """Elementwise inverse tangent (values in (-pi/2, pi/2))."""
    return Arctan().apply((x,))[0]


class Arctan2(FloatBinary):
    _input_indexes_to_retain = (0, 1)

    name = label = 'arctan2'

    def forward(self, inputs):
        x1, x2 = inputs
        self.check(x1, x2)
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
