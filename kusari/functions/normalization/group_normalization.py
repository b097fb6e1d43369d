"""Group normalization."""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.normalization import _affine
from kusari.functions.math.sum import sum as sum_
from kusari.functions.normalization._standardize import Standardize, standardize


class _MulInvStd(core.FunctionNode):
    """``z = inv_std[:, None] * y`` for rows ``x`` (2-d) with the statistics ``mean`` and
    ``inv_std = (var + eps) ** -0.5`` of each row, differentiable in ``x`` through them and
    in ``y`` (Chainer's private node; ``dummy_gamma`` is for cuDNN and unused here)."""

    def __init__(self, eps, mean, inv_std, dummy_gamma):
        self.eps = eps
        self.mean = mean
        self.inv_std = inv_std
        self.dummy_gamma = dummy_gamma

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
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
    keep = (1,)
    axes = tuple(i for i in range(x_array.ndim) if i not in keep)
    _affine.check_parameters(func, x_array, axes, [('gamma', core.as_array(gamma)),
                                                   ('beta', core.as_array(beta))])
    n = x_array.shape[0]
    grouped = reshape(x, (n, groups, x_array.size // (n * groups) if n else 0))
    x_hat, _ = standardize(grouped, (2,), eps)
    x_hat = reshape(x_hat, x_array.shape)
    return (x_hat * _affine.expanded(gamma, x_array.shape, axes, x_array.dtype) +
            _affine.expanded(beta, x_array.shape, axes, x_array.dtype))
