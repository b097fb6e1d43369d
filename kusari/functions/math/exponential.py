"""Exponentials and logarithms."""

import math

from kusari.functions.math._elementwise import unary

exp = unary('exp', lambda xp, x: xp.exp(x), lambda x, y, gy: gy * y, uses='y',
            doc='Elementwise exponential ``e ** x``.')
log = unary('log', lambda xp, x: xp.log(x), lambda x, y, gy: gy / x,
            doc='Elementwise natural logarithm.')
log2 = unary('log2', lambda xp, x: xp.log2(x), lambda x, y, gy: gy / x * (1 / math.log(2)),
             doc='Elementwise base-2 logarithm.')
log10 = unary('log10', lambda xp, x: xp.log10(x),
              lambda x, y, gy: gy / x * (1 / math.log(10)),
              doc='Elementwise base-10 logarithm.')
expm1 = unary('expm1', lambda xp, x: xp.expm1(x), lambda x, y, gy: gy * (y + 1), uses='y',
              doc='Elementwise ``exp(x) - 1``, accurate for small ``x``.')
log1p = unary('log1p', lambda xp, x: xp.log1p(x), lambda x, y, gy: gy / (x + 1),
              doc='Elementwise ``log(1 + x)``, accurate for small ``x``.')
