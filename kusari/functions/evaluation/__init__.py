"""Evaluation functions."""

from kusari.functions.evaluation.accuracy import accuracy  # NOQA
from kusari.functions.evaluation.binary_accuracy import binary_accuracy  # NOQA
from kusari.functions.evaluation.classification_summary import (  # NOQA
    classification_summary, f1_score, precision, recall)
from kusari.functions.evaluation.r2_score import r2_score  # NOQA

__all__ = ['accuracy', 'binary_accuracy', 'classification_summary', 'f1_score', 'precision',
           'r2_score', 'recall']
