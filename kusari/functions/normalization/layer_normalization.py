"""Layer normalization."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.normalization import _affine
from kusari.functions.normalization._standardize import ScaledStandardization


class LayerNormalization(ScaledStandardization):
    """The node of :func:`layer_normalization` (rows of a 2-d ``x``), with ``eps``."""

    def __init__(self, eps=1e-5):
        self.eps = eps

    def statistics_axes(self, ndim):
        return (1,)

    def parameter_axes(self, ndim):
        return (0,)


def layer_normalization(x, gamma, beta, eps=1e-5):
    """Layer normalization: each row of ``x`` standardized, then scaled and shifted.

    ``y[i] = gamma * (x[i] - mean(x[i])) / sqrt(var(x[i]) + eps) + beta``.

    Args:
        x (Variable or array): a float input of shape ``(n, d)``.
        gamma, beta (Variable or array): scale and shift of shape ``(d,)``.
        eps (float): added to the variance.

    Returns:
        Variable: of shape ``(n, d)`` and ``x``'s dtype.
    """
    func = 'layer_normalization'
    x_array = core.as_array(x)
    if x_array.ndim != 2:
        fail(func, 'x', '2-d array (n, d)', 'shape {}'.format(x_array.shape))
    _affine.check_parameters(func, x_array, (0,), [('gamma', core.as_array(gamma)),
                                                   ('beta', core.as_array(beta))])
    return LayerNormalization(eps).apply((x, gamma, beta))[0]
