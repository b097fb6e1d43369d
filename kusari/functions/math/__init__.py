"""Mathematical functions."""

from kusari.functions.array.broadcast import sum_to
from kusari.functions.array.identity import identity
from kusari.functions.math.basic_math import absolute
from kusari.functions.math.basic_math import add_n as add
from kusari.functions.math.batch_l2_norm_squared import batch_l2_norm_squared
from kusari.functions.math.bias_scale import bias, scale
from kusari.functions.math.clip import clip
from kusari.functions.math.cumulative import cumprod, cumsum
from kusari.functions.math.einsum import einsum
from kusari.functions.math.exponential import exp, expm1, log, log1p, log2, log10
from kusari.functions.math.fft import fft, ifft
from kusari.functions.math.fmod import fmod
from kusari.functions.math.hyperbolic import arctanh, cosh, sinh
from kusari.functions.math.linalg import batch_det, batch_inv, cholesky, det, inv
from kusari.functions.math.linear_interpolate import linear_interpolate
from kusari.functions.math.logsumexp import logsumexp
from kusari.functions.math.matmul import batch_matmul, matmul
from kusari.functions.math.minmax import argmax, argmin, max, maximum, min, minimum
from kusari.functions.math.power import rsqrt, sqrt, square
from kusari.functions.math.prod import prod
from kusari.functions.math.rounding import ceil, fix, floor, sign
from kusari.functions.math.sparse_matmul import sparse_matmul
from kusari.functions.math.special import (
    digamma,
    erf,
    erfc,
    erfcinv,
    erfcx,
    erfinv,
    lgamma,
    log_ndtr,
    ndtr,
    ndtri,
    polygamma,
    zeta,
)
from kusari.functions.math.squared_difference import squared_difference
from kusari.functions.math.sum import average, mean, sum
from kusari.functions.math.tensordot import tensordot
from kusari.functions.math.trigonometric import arccos, arcsin, arctan, arctan2, cos, sin, tan

__all__ = [
    'absolute',
    'add',
    'arccos',
    'arcsin',
    'arctan',
    'arctan2',
    'arctanh',
    'argmax',
    'argmin',
    'average',
    'batch_det',
    'batch_inv',
    'batch_l2_norm_squared',
    'batch_matmul',
    'bias',
    'ceil',
    'cholesky',
    'clip',
    'cos',
    'cosh',
    'cumprod',
    'cumsum',
    'det',
    'digamma',
    'einsum',
    'erf',
    'erfc',
    'erfcinv',
    'erfcx',
    'erfinv',
    'exp',
    'expm1',
    'fft',
    'fix',
    'floor',
    'fmod',
    'identity',
    'ifft',
    'inv',
    'lgamma',
    'linear_interpolate',
    'log',
    'log1p',
    'log2',
    'log10',
    'log_ndtr',
    'logsumexp',
    'matmul',
    'max',
    'maximum',
    'mean',
    'min',
    'minimum',
    'ndtr',
    'ndtri',
    'polygamma',
    'prod',
    'rsqrt',
    'scale',
    'sign',
    'sin',
    'sinh',
    'sparse_matmul',
    'sqrt',
    'square',
    'squared_difference',
    'sum',
    'sum_to',
    'tan',
    'tensordot',
    'zeta',
]
