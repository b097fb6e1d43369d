"""Floor."""

from kusari.functions.math._elementwise import piecewise_constant


def floor(x):
    """Elementwise floor (largest integer not above ``x``); not differentiable.

    Args:
        x (Variable or array): input of any shape.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return piecewise_constant('floor', x)
