"""Chainer's ``chainer.function_node`` path; the classes live in ``kusari.core``."""

from kusari.core import FunctionNode, backward, grad  # NOQA
