"""Chainer's ``chainer.variable`` path; the classes live in ``kusari.core``."""

from kusari.core import Parameter, Variable, VariableNode, as_array, as_variable  # NOQA
