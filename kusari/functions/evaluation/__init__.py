"""Evaluation functions."""

from kusari.functions.evaluation.accuracy import accuracy  # NOQA
