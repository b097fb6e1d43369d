"""Local response normalization across channels."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail


class ChannelWindowSum(core.FunctionNode):
    """Sum over the channels ``c - half .. c + half`` (axis 1); symmetric, so self-adjoint."""

    def __init__(self, half):
        self.half = half

    def forward(self, inputs):
        x, = inputs
        y = x.copy()
        for i in range(1, self.half + 1):
            y[:, i:] += x[:, :-i]
            y[:, :-i] += x[:, i:]
        return y,

    def backward(self, indexes, grad_outputs):
        return ChannelWindowSum(self.half).apply(grad_outputs)


class LocalResponseNormalization(core.FunctionNode):
    """``y = x * (k + alpha * window_sum(x^2)) ** -beta``, fused; its gradient is built
    from kusari functions."""

    _input_indexes_to_retain = (0,)

    def __init__(self, n=5, k=2, alpha=1e-4, beta=.75):
        self.n, self.k, self.alpha, self.beta = n, k, alpha, beta
        self.half = n // 2

    def forward(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f' or x.ndim < 2:
            fail('local_response_normalization', 'x', 'a float array (n, c, ...)',
                 'shape {} and dtype {}'.format(x.shape, x.dtype))
        xp = get_array_module(x)
        unit = ChannelWindowSum(self.half).forward((xp.square(x),))[0]
        unit *= x.dtype.type(self.alpha)
        unit += x.dtype.type(self.k)
        return x * unit ** x.dtype.type(-self.beta),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy, = grad_outputs
        window = ChannelWindowSum(self.half)
        unit = window.apply((x * x,))[0] * self.alpha + self.k
        scale = unit ** -self.beta
        # d/dx_j of x_c unit_c^-beta = scale_c [c == j] - 2 alpha beta x_c x_j unit_c^(-beta-1)
        inner = ChannelWindowSum(self.half).apply((gy * x * scale / unit,))[0]
        return gy * scale - (2 * self.alpha * self.beta) * x * inner,


def local_response_normalization(x, n=5, k=2, alpha=1e-4, beta=.75):
    """Local response normalization across channels (AlexNet).

    ``y[:, c] = x[:, c] / (k + alpha * sum_{c'} x[:, c']^2) ** beta`` where ``c'`` runs
    over ``c - n // 2 .. c + n // 2`` (inside the channel range).

    Args:
        x (Variable or array): a float input of shape ``(n, c, ...)``.
        n (int): size of the channel window.
        k (float): additive constant.
        alpha (float): scale of the sum of squares.
        beta (float): exponent.

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    return LocalResponseNormalization(n, k, alpha, beta).apply((x,))[0]
