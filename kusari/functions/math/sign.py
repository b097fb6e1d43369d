"""Sign."""

from kusari.functions.math._elementwise import piecewise_constant


def sign(x):
    """Elementwise sign (-1, 0 or 1); not differentiable.

    Args:
        x (Variable or array): input of any shape.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return piecewise_constant('sign', x)
