"""Ceiling."""

from kusari.functions.math._elementwise import piecewise_constant


def ceil(x):
    """Elementwise ceiling (smallest integer not below ``x``); not differentiable."""
    return piecewise_constant('ceil', x)
