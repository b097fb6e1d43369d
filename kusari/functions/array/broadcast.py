"""Broadcasting and its adjoint, sum_to."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail


def _sum_to(array, shape):
    """Sum ``array`` over the axes that broadcasting to its shape from ``shape`` added."""
    lead = array.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        i + lead for i, s in enumerate(shape) if s == 1 and array.shape[i + lead] != 1)
    if axes:
        array = array.sum(axis=axes, keepdims=True)
    if lead:
        array = array.reshape(shape)
    return array


def _broadcast_to(array, shape):
    """``array`` broadcast to ``shape``: a read-only view (the forward of BroadcastTo)."""
    return get_array_module(array).broadcast_to(array, shape)


class BroadcastTo(core.FunctionNode):
    """Broadcasts an array to a shape (``_shape``, Chainer's name)."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        try:
            return _broadcast_to(x, self._shape),
        except ValueError:
            fail('broadcast_to', 'shape', 'a shape that {} broadcasts to'.format(x.shape),
                 self._shape)

    def backward(self, indexes, grad_outputs):
        return sum_to(grad_outputs[0], self._in_shape),

    def backward_arrays(self, indexes, grad_outputs):
        return _sum_to(grad_outputs[0], self._in_shape),


class SumTo(core.FunctionNode):
    """Sums an array down to a shape it was broadcast from."""

    def __init__(self, shape):
        self.shape = tuple(shape)

    def forward(self, inputs):
        x, = inputs
        self._in_shape = x.shape
        lead = x.ndim - len(self.shape)
        if lead < 0 or any(s not in (1, d) for s, d in zip(self.shape, x.shape[lead:])):
            fail('sum_to', 'shape', 'a shape that broadcasts to {}'.format(x.shape), self.shape)
        return _sum_to(x, self.shape),

    def backward(self, indexes, grad_outputs):
        return broadcast_to(grad_outputs[0], self._in_shape),

    def backward_arrays(self, indexes, grad_outputs):
        return _broadcast_to(grad_outputs[0], self._in_shape),


def broadcast_to(x, shape):
    """Broadcasts ``x`` to ``shape``.

    Args:
        x (Variable or array): input whose shape broadcasts to ``shape``.
        shape (tuple of ints): the target shape.

    Returns:
        Variable: of shape ``shape`` and ``x``'s dtype; the gradient is summed back
        to ``x``'s shape.
    """
    if getattr(x, 'shape', None) == tuple(shape):
        return core.as_variable(x)
    return BroadcastTo(shape).apply((x,))[0]


def sum_to(x, shape):
    """Sums ``x`` along the broadcast axes so that its shape becomes ``shape``.

    Args:
        x (Variable or array): input of any shape.
        shape (tuple of ints): a shape that broadcasts to ``x``'s.

    Returns:
        Variable: of shape ``shape`` and ``x``'s dtype (e.g. ``(1, C)`` for ``x`` of
        shape ``(N, C)``, summed over the ``N`` rows).
    """
    if getattr(x, 'shape', None) == tuple(shape):
        return core.as_variable(x)
    return SumTo(shape).apply((x,))[0]


def broadcast(*args):
    """Broadcasts the inputs to a common shape (returns one variable for one input).

    Args:
        args (Variables or arrays): inputs whose shapes broadcast together (e.g.
            ``(N, 1)`` and ``(C,)``).

    Returns:
        tuple of Variable or Variable: the inputs, each of its own dtype and of the
        shape they all broadcast to (e.g. ``(N, C)``); one Variable for one input.
    """
    if not args:
        fail('broadcast', 'args', 'at least one input', 'none')
    shapes = [a.shape for a in args]
    try:
        shape = numpy.broadcast_shapes(*shapes)
    except ValueError:
        fail('broadcast', 'shapes', 'broadcastable shapes', shapes)
    ret = tuple(broadcast_to(a, shape) for a in args)
    return ret[0] if len(ret) == 1 else ret
