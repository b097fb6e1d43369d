"""Floor."""

from kusari.functions.math._elementwise import piecewise_constant


def floor(x):
    """Elementwise floor (largest integer not above ``x``); not differentiable."""
    return piecewise_constant('floor', x)
