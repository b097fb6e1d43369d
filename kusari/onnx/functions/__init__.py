"""kusari's converters, one per function node class, registered by class name.

Each module converts one family of functions; ``converters`` maps a Chainer
FunctionNode class name to its converter ``f(params) -> nodes``.
"""

from kusari.onnx.functions import activation, array, connection, evaluation, loss  # NOQA
from kusari.onnx.functions import math, noise  # NOQA
from kusari.onnx.functions import normalization, pooling, rnn  # NOQA
from kusari.onnx.functions.converter import converters, minimum_opsets  # NOQA
