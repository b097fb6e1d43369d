"""Learnable connections."""

from kusari.links.connection.linear import Linear  # NOQA
