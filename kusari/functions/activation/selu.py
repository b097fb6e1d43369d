"""Scaled exponential linear unit."""

from kusari.functions.activation.elu import elu


def selu(x, alpha=1.6732632423543772, scale=1.0507009873554805):
    """Scaled ELU ``scale * elu(x, alpha)`` (self-normalizing with the default constants)."""
    return elu(x, alpha) * scale
