"""Rounding toward zero."""

from kusari.functions.math._elementwise import piecewise_constant


def fix(x):
    """Elementwise rounding toward zero; not differentiable.

    Args:
        x (Variable or array): input of any shape.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return piecewise_constant('fix', x)
