"""``log(1 + x)``."""

from kusari.functions.math._elementwise import unary

Log1p, log1p = unary('log1p', lambda xp, x: xp.log1p(x), lambda x, y, gy: gy / (x + 1),
                     doc='Elementwise ``log(1 + x)``, accurate for small ``x``.',
                     node_name='Log1p')
