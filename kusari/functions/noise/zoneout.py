"""Zoneout: randomly keeping previous hidden states."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.configuration import config


class Zoneout(core.FunctionNode):
    """``h`` where a random mask keeps the previous state, ``x`` elsewhere.

    After the forward pass, ``flag_h`` and ``flag_x`` (Chainer's names) are the boolean
    masks of the elements taken from ``h`` and from ``x``.
    """

    def __init__(self, zoneout_ratio):
        self.zoneout_ratio = zoneout_ratio

    def forward(self, inputs):
        h, x = inputs
        if h.shape != x.shape or h.dtype != x.dtype:
            fail('zoneout', 'h and x', 'equal shapes and dtypes', 'shapes {} and {}, dtypes {} '
                 'and {}'.format(h.shape, x.shape, h.dtype, x.dtype))
        xp = get_array_module(x)
        self.flag_x = xp.random.rand(*x.shape) >= self.zoneout_ratio
        self.flag_h = ~self.flag_x
        return xp.where(self.flag_h, h, x),

    def backward(self, indexes, grad_outputs):
        from kusari.functions.array.where import where
        gy, = grad_outputs
        zero = get_array_module(gy).zeros((), gy.dtype)
        return tuple(where(self.flag_h, gy, zero) if i == 0 else where(self.flag_x, gy, zero)
                     for i in indexes)


def zoneout(h, x, ratio=.5, **kwargs):
    """zoneout(h, x, ratio=.5)

    Keeps each element of the previous state ``h`` with probability ``ratio`` and
    takes the new ``x`` elsewhere. Outside training (``config.train`` False) it
    returns ``x``.

    Args:
        h (Variable or array): the previous state, a float array of any shape.
        x (Variable or array): the new state, of ``h``'s shape and dtype.
        ratio (float): probability of keeping ``h``.

    Returns:
        Variable: of ``h``'s shape and dtype.
    """
    if 'train' in kwargs:
        raise ValueError('zoneout: the train argument is not supported anymore; use '
                         "kusari.using_config('train', ...)")
    if kwargs:
        raise TypeError('zoneout() got unexpected arguments: {}'.format(', '.join(kwargs)))
    if not 0.0 <= ratio <= 1.0:
        fail('zoneout', 'ratio', 'a value in [0, 1]', ratio)
    if not config.train:
        return core.as_variable(x)
    return Zoneout(ratio).apply((h, x))[0]
