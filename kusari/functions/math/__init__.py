"""Mathematical functions.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.math import (
        arctanh as arctanh, average as average, basic_math as basic_math,
        batch_l2_norm_squared as batch_l2_norm_squared, bias as bias, ceil as ceil,
        cholesky as cholesky, clip as clip, cumprod as cumprod, cumsum as cumsum, det as det,
        digamma as digamma, einsum as einsum, erf as erf, erfc as erfc, erfcinv as erfcinv,
        erfcx as erfcx, erfinv as erfinv, exponential as exponential,
        exponential_m1 as exponential_m1, fft as fft, fix as fix, floor as floor, fmod as fmod,
        hyperbolic as hyperbolic, identity as identity, inv as inv, lgamma as lgamma,
        linear_interpolate as linear_interpolate, log_ndtr as log_ndtr,
        logarithm_1p as logarithm_1p, logsumexp as logsumexp, matmul as matmul, maximum as maximum,
        minimum as minimum, minmax as minmax, ndtr as ndtr, ndtri as ndtri, polygamma as polygamma,
        prod as prod, scale as scale, sign as sign, sparse_matmul as sparse_matmul, sqrt as sqrt,
        square as square, sum as sum, tensordot as tensordot, trigonometric as trigonometric,
        zeta as zeta)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
