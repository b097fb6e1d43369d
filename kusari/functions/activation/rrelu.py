"""Randomized leaky ReLU."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.math._elementwise import scale_by_array
from kusari.utils import argument
from kusari.configuration import config


class RReLU(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def __init__(self, lower, upper, r):
        self.lower = lower
        self.upper = upper
        self.r = r

    def forward(self, inputs):
        x, = inputs
        check_float('rrelu', 'x', x)
        xp = get_array_module(x)
        if not config.train:  # the mean slope, also when r is given (as Chainer)
            self.r = xp.full(x.shape, (self.lower + self.upper) / 2, x.dtype)
        elif self.r is None:
            self.r = xp.random.uniform(self.lower, self.upper, x.shape).astype(x.dtype)
        elif self.r.shape != x.shape or self.r.dtype != x.dtype:
            fail('rrelu', 'r', 'shape {} and dtype {} (as x)'.format(x.shape, x.dtype),
                 'shape {} and dtype {}'.format(self.r.shape, self.r.dtype))
        return xp.maximum(x, 0) + xp.minimum(x, 0) * self.r,

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0].array
        slope = 1 - self.r  # 1 where x >= 0, r elsewhere
        slope *= x >= 0
        slope += self.r
        return scale_by_array(grad_outputs[0], slope),


def rrelu(x, l=1. / 8, u=1. / 3, **kwargs):
    """rrelu(x, l=1. / 8, u=1. / 3, *, r=None, return_r=False)

    Randomized leaky ReLU: ``x`` where ``x >= 0``, ``r * x`` elsewhere, with ``r`` drawn
    elementwise from U(l, u) in training mode and ``(l + u) / 2`` in test mode
    (``config.train``; a given ``r`` is used in training mode only).

    Args:
        x (Variable or array): float input of any shape.
        l (float): lower bound of ``r``, in [0, 1).
        u (float): upper bound of ``r``, in (l, 1).
        r (array): slopes to use instead of drawing them (same shape and dtype as ``x``).
        return_r (bool): also return the slopes used.

    Returns:
        Variable or tuple: the output, of ``x``'s shape and dtype; with ``return_r``,
        the pair ``(output, r)``, ``r`` being the array of slopes used (also of ``x``'s
        shape and dtype).
    """
    r, return_r = argument.parse_kwargs(
        kwargs, ('r', None), ('return_r', False),
        train="rrelu: the train argument is not supported anymore; use "
              "kusari.using_config('train', ...)")
    if not 0 <= l < u < 1:
        raise ValueError('rrelu: expected 0 <= l < u < 1, but got l={}, u={}'.format(l, u))
    node = RReLU(l, u, r)
    y = node.apply((x,))[0]
    return (y, node.r) if return_r else y
