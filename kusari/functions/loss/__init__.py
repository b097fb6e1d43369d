"""Loss functions."""

from kusari.functions.loss.mean_squared_error import mean_squared_error  # NOQA
from kusari.functions.loss.softmax_cross_entropy import softmax_cross_entropy  # NOQA
