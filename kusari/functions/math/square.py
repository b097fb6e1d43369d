"""Square."""

from kusari.functions.math._elementwise import UnaryElementwise, unary_doc


class Square(UnaryElementwise):
    name = label = 'square'
    derivative_on_arrays = True
    _input_indexes_to_retain = (0,)
    compute = staticmethod(lambda xp, x: xp.square(x))
    derivative = staticmethod(lambda x, y, gy: gy * (2 * x))


@unary_doc
def square(x):
    """Elementwise square ``x * x``."""
    return Square().apply((x,))[0]
