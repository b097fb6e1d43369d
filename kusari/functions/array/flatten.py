"""Flattening to one axis."""

from kusari import core
from kusari.functions.array.reshape import reshape


def flatten(x):
    """Flattens ``x`` into a 1-d variable of all its elements in C order.

    Args:
        x (Variable or array): input of any shape.

    Returns:
        Variable: the flattened variable, of shape ``(x.size,)``.
    """
    return reshape(x, (core.as_array(x).size,))
