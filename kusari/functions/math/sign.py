"""Sign."""

from kusari.functions.math._elementwise import piecewise_constant


def sign(x):
    """Elementwise sign (-1, 0 or 1); not differentiable."""
    return piecewise_constant('sign', x)
