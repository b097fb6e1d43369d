"""``exp(x) - 1``."""

from kusari.functions.math._elementwise import unary

Expm1, expm1 = unary('expm1', lambda xp, x: xp.expm1(x), lambda x, y, gy: gy * (y + 1),
                     uses='y', doc='Elementwise ``exp(x) - 1``, accurate for small ``x``.')
