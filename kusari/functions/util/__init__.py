"""Utility functions."""

from kusari.functions.util.forget import forget  # NOQA

__all__ = ['forget']
