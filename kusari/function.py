"""Chainer's ``chainer.function`` path: the old-style Function API and backprop modes."""

from kusari.core import (Function, force_backprop_mode, no_backprop_mode)  # NOQA
from kusari.core import _FunctionAdapter as FunctionAdapter  # NOQA
