"""Inverse hyperbolic tangent."""

from kusari.functions.math._elementwise import unary

Arctanh, arctanh = unary('arctanh', lambda xp, x: xp.arctanh(x),
                         lambda x, y, gy: gy / (1 - x * x),
                         doc='Elementwise inverse hyperbolic tangent (defined on (-1, 1)).')
