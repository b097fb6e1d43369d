"""Scaled exponential linear unit."""

from kusari.functions.activation.elu import elu


def selu(x, alpha=1.6732632423543772, scale=1.0507009873554805):
    """Scaled ELU ``scale * elu(x, alpha)`` (self-normalizing with the default constants).

    Args:
        x (Variable or array): input of any shape, a float array.
        alpha (float): the scale of the negative part of the ELU.
        scale (float): the scale of the output.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return elu(x, alpha) * scale
