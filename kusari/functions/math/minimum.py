"""Elementwise minimum."""

from kusari.functions.math.maximum import ElementwiseSelect


class Minimum(ElementwiseSelect):
    name = 'minimum'


def minimum(x1, x2):
    """Elementwise minimum of ``x1`` and ``x2`` (broadcasting).

    Args:
        x1 (Variable or array): first input, a float array of any shape.
        x2 (Variable or array): second input of the same dtype; the shapes broadcast.

    Returns:
        Variable: of the broadcast shape. The gradient goes to the input selected at
        each element.
    """
    return Minimum().apply((x1, x2))[0]
