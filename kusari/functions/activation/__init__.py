"""Activation functions."""

from kusari.functions.activation.relu import relu  # NOQA
from kusari.functions.activation.sigmoid import sigmoid  # NOQA
from kusari.functions.activation.softmax import log_softmax, softmax  # NOQA
from kusari.functions.activation.tanh import tanh  # NOQA
