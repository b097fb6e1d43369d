"""Hyperbolic sine and cosine."""

from kusari.functions.math._elementwise import unary

Sinh, sinh = unary('sinh', lambda xp, x: xp.sinh(x), lambda x, y, gy: gy * cosh(x),
                   doc='Elementwise hyperbolic sine.')
Cosh, cosh = unary('cosh', lambda xp, x: xp.cosh(x), lambda x, y, gy: gy * sinh(x),
                   doc='Elementwise hyperbolic cosine.')
