"""Selecting one element per row."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail, values_checkable
from kusari.configuration import config


class SelectItem(core.FunctionNode):
    """``x[i, t[i]]`` for each row ``i``; ``t`` is an integer input without gradient."""

    _input_indexes_to_retain = (1,)

    def forward(self, inputs):
        x, t = inputs
        if x.ndim != 2:
            fail('select_item', 'x', 'a 2-d array', 'shape {}'.format(x.shape))
        if t.ndim != 1 or t.dtype.kind not in 'iu':
            fail('select_item', 't', 'a 1-d integer array', 'shape {} and dtype {}'.format(
                t.shape, t.dtype))
        if t.shape[0] != x.shape[0]:
            fail('select_item', 't', 'length {} (the rows of x)'.format(x.shape[0]),
                 'length {}'.format(t.shape[0]))
        # As in NumPy, -N <= t < N (negative indices count from the end); Chainer's
        # debug mode wants 0 <= t < N.
        lowest = 0 if config.debug else -x.shape[1]
        if t.size and values_checkable(t) and not (
                lowest <= int(t.min()) and int(t.max()) < x.shape[1]):
            fail('select_item', 't', 'indices in [{}, {})'.format(lowest, x.shape[1]),
                 'values from {} to {}'.format(int(t.min()), int(t.max())))
        self._in_shape = x.shape
        rows = get_array_module(x).arange(x.shape[0])
        return x[rows, t],

    def backward(self, indexes, grad_outputs):
        gx, = PutItem(self.get_retained_inputs()[0].array, self._in_shape).apply(grad_outputs)
        return tuple(gx if i == 0 else None for i in indexes)

    def backward_arrays(self, indexes, grad_outputs):
        gx, = PutItem(self.get_retained_arrays()[0], self._in_shape).forward(grad_outputs)
        return tuple(gx if i == 0 else None for i in indexes)


class PutItem(core.FunctionNode):
    """Zeros of ``shape`` with ``g[i]`` placed at ``(i, t[i])``; the adjoint of SelectItem."""

    def __init__(self, t, shape):
        self.t = t
        self.shape = shape

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        gx = xp.zeros(self.shape, g.dtype)
        gx[xp.arange(self.shape[0]), self.t] = g
        return gx,

    def backward(self, indexes, grad_outputs):
        return SelectItem().apply((grad_outputs[0], self.t))[0],

    def backward_arrays(self, indexes, grad_outputs):
        return SelectItem().forward((grad_outputs[0], self.t))[0],


def select_item(x, t):
    """Selects the element ``x[i, t[i]]`` of each row of ``x``.

    Args:
        x (Variable or array): a 2-d array of shape ``(B, N)``.
        t (Variable or array): integer column indices in ``[0, N)``, of shape ``(B,)``.

    Returns:
        Variable: the ``B`` selected elements, of shape ``(B,)`` and ``x``'s dtype.
    """
    return SelectItem().apply((x, t))[0]
