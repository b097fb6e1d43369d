"""Noise injections."""

from kusari.functions.noise.dropout import dropout  # NOQA
