"""Hyperbolic functions."""

from kusari.functions.math._elementwise import unary

sinh = unary('sinh', lambda xp, x: xp.sinh(x), lambda x, y, gy: gy * cosh(x),
             doc='Elementwise hyperbolic sine.')
cosh = unary('cosh', lambda xp, x: xp.cosh(x), lambda x, y, gy: gy * sinh(x),
             doc='Elementwise hyperbolic cosine.')
arctanh = unary('arctanh', lambda xp, x: xp.arctanh(x), lambda x, y, gy: gy / (1 - x * x),
                doc='Elementwise inverse hyperbolic tangent (defined on (-1, 1)).')
