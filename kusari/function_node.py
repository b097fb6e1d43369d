"""Chainer's ``chainer.function_node`` path; FunctionNode lives in ``kusari.core``."""

from kusari._backprop import backward, grad  # NOQA
from kusari.core import FunctionNode  # NOQA
