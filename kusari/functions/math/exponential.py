"""Exponential and logarithms."""

import math

from kusari.functions.math._elementwise import unary

Exp, exp = unary('exp', lambda xp, x: xp.exp(x), lambda x, y, gy: gy * y, uses='y',
                 doc='Elementwise exponential ``e ** x``.')
Log, log = unary('log', lambda xp, x: xp.log(x), lambda x, y, gy: gy / x,
                 doc='Elementwise natural logarithm.')
Log2, log2 = unary('log2', lambda xp, x: xp.log2(x),
                   lambda x, y, gy: gy / x * (1 / math.log(2)),
                   doc='Elementwise base-2 logarithm.')
Log10, log10 = unary('log10', lambda xp, x: xp.log10(x),
                     lambda x, y, gy: gy / x * (1 / math.log(10)),
                     doc='Elementwise base-10 logarithm.')
