"""Mathematical functions."""

from kusari.functions.math.basic_math import add_n as add  # NOQA
from kusari.functions.math.exponential import exp, log  # NOQA
from kusari.functions.math.matmul import batch_matmul, matmul  # NOQA
from kusari.functions.math.sum import average, mean, sum  # NOQA
