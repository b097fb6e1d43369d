"""Differentiable functions (Chainer's ``chainer.functions``, usually imported as F).

Each family lives in its own subpackage; this module re-exports them all.
"""

from kusari.functions.activation import *  # NOQA
from kusari.functions.array import *  # NOQA
from kusari.functions.connection import *  # NOQA
from kusari.functions.evaluation import *  # NOQA
from kusari.functions.loss import *  # NOQA
from kusari.functions.math import *  # NOQA
from kusari.functions.noise import *  # NOQA
from kusari.functions.normalization import *  # NOQA
from kusari.functions.pooling import *  # NOQA
from kusari.functions.rnn import *  # NOQA
from kusari.functions.util import *  # NOQA
