"""Group normalization."""

import math

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.math.sum import sum as sum_
from kusari.functions.normalization import _affine
from kusari.functions.normalization._standardize import ScaledStandardization, Standardize


class GroupNormalization(ScaledStandardization):
    """The node of :func:`group_normalization`, with ``groups`` and ``eps``: each sample's
    ``groups`` groups of channels are standardized, then scaled per channel."""

    def __init__(self, groups, eps=1e-5):
        self.groups = groups
        self.eps = eps

    def statistics_shape(self, shape):
        n = shape[0]
        return (n, self.groups, math.prod(shape) // (n * self.groups) if n else 0)

    def statistics_axes(self, ndim):
        return (2,)

    def parameter_axes(self, ndim):
        return (0,) + tuple(range(2, ndim))


class _MulInvStd(core.FunctionNode):
    """``z = inv_std[:, None] * y`` for rows ``x`` (2-d) with the statistics ``mean`` and
    ``inv_std = (var + eps) ** -0.5`` of each row, differentiable in ``x`` through them and
    in ``y`` (Chainer's private node; ``dummy_gamma`` is for cuDNN and unused here)."""

    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    def __init__(self, eps, mean, inv_std, dummy_gamma):
        self.eps = eps
        self.mean = mean
        self.inv_std = inv_std
        self.dummy_gamma = dummy_gamma

    def forward(self, inputs):
        return self.inv_std[:, None] * inputs[1],

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        z, = self.get_retained_outputs()
        gz, = grad_outputs
        # the statistics again, as outputs of a node that differentiates them in x
        x_hat, inv_std = Standardize((1,), self.eps).apply((x,))
        ret = []
        for i in indexes:
            if i == 0:  # d inv_std / dx = -inv_std^2 x_hat / m
                ret.append(-inv_std * x_hat * (sum_(gz * z, axis=1, keepdims=True) *
                                               (1.0 / x.shape[1])))
            else:
                ret.append(inv_std * gz)
        return tuple(ret)


def group_normalization(x, groups, gamma, beta, eps=1e-5):
    """Group normalization (Wu and He): channels standardized in groups, per sample.

    The ``c`` channels are split into ``groups`` consecutive groups; each group of
    each sample is standardized over its channels and spatial positions, then
    scaled and shifted per channel.

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        groups (int): number of groups; must divide ``c``.
        gamma, beta (Variable or array): scale and shift of shape ``(c,)``.
        eps (float): added to the variance.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    func = 'group_normalization'
    x_array = core.as_array(x)
    if x_array.ndim < 2:
        fail(func, 'x', 'an array (n, c, ...)', 'shape {}'.format(x_array.shape))
    if not isinstance(groups, int) or groups <= 0 or x_array.shape[1] % groups:
        fail(func, 'groups', 'a positive divisor of the {} channels'.format(x_array.shape[1]),
             repr(groups))
    node = GroupNormalization(groups, eps)
    _affine.check_parameters(func, x_array, node.parameter_axes(x_array.ndim),
                             [('gamma', core.as_array(gamma)), ('beta', core.as_array(beta))])
    return node.apply((x, gamma, beta))[0]
