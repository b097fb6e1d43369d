"""Ceiling."""

from kusari.functions.math._elementwise import piecewise_constant


def ceil(x):
    """Elementwise ceiling (smallest integer not below ``x``); not differentiable.

    Args:
        x (Variable or array): input of any shape.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return piecewise_constant('ceil', x)
