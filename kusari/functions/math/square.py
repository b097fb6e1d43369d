"""Square."""

from kusari.functions.math._elementwise import unary

Square, square = unary('square', lambda xp, x: xp.square(x), lambda x, y, gy: gy * (2 * x),
                       doc='Elementwise square ``x * x``.')
