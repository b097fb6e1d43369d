"""Pieces shared by the LSTM cells (lstm, slstm, tree_lstm).

``x`` holds the gates' pre-activations side by side along axis 1: interleaved unit by
unit for ``lstm``/``slstm`` (``x.reshape(B, units, 4)[:, :, k]``), in consecutive
blocks for ``tree_lstm`` (``x.reshape(B, n, units)[:, k]``), as in Chainer.

The gradient formulas are written once on values that may be arrays or Variables:
``cell_grads`` is the first-order gradient (the forward of the ``*Grad`` nodes),
``cell_grad_grads`` its own gradient, in kusari functions.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail


def sigmoid_array(x):
    half = x.dtype.type(0.5)
    return get_array_module(x).tanh(x * half) * half + half


def split(x, count, interleaved):
    """The ``count`` gate blocks of ``x`` (views)."""
    units = x.shape[1] // count
    if interleaved:
        r = x.reshape((x.shape[0], units, count) + x.shape[2:])
        return [r[:, :, k] for k in range(count)]
    r = x.reshape((x.shape[0], count, units) + x.shape[2:])
    return [r[:, k] for k in range(count)]


class SplitGates(core.FunctionNode):
    """The gate blocks of ``x`` as separate outputs; its adjoint is MergeGates."""

    def __init__(self, count, interleaved):
        self.count = count
        self.interleaved = interleaved

    def forward(self, inputs):
        return tuple(split(inputs[0], self.count, self.interleaved))

    def backward(self, indexes, grad_outputs):
        return merge(grad_outputs, self.count, self.interleaved, self.inputs[0].shape),


class MergeGates(core.FunctionNode):
    """Gate blocks laid side by side as in ``x``; its adjoint is SplitGates."""

    def __init__(self, count, interleaved, shape):
        self.count = count
        self.interleaved = interleaved
        self.shape = shape

    def forward(self, inputs):
        x = get_array_module(inputs[0]).empty(self.shape, inputs[0].dtype)
        for block, g in zip(split(x, self.count, self.interleaved), inputs):
            block[...] = g
        return x,

    def backward(self, indexes, grad_outputs):
        blocks = SplitGates(self.count, self.interleaved).apply(grad_outputs)
        return tuple(blocks[i] for i in indexes)


def merge(gates, count, interleaved, shape):
    """MergeGates of Variables or arrays, None standing for a zero block."""
    like = next(g for g in gates if g is not None)
    zeros = None
    if any(g is None for g in gates):
        zeros = get_array_module(like).zeros(like.shape, like.dtype)
    return MergeGates(count, interleaved, shape).apply(
        tuple(zeros if g is None else g for g in gates))[0]


def check_cell(name, c, x, c_name, x_name, count):
    check_float(name, c_name, c)
    check_same_dtype(name, c, x, (c_name, x_name))
    if c.ndim < 2 or x.ndim != c.ndim or x.shape[1] != count * c.shape[1] or (
            x.shape[2:] != c.shape[2:]):
        fail(name, 'shapes of {} and {}'.format(c_name, x_name),
             '{x}.shape[1] == {n} * {c}.shape[1], equal other axes and ndim >= 2'.format(
                 x=x_name, c=c_name, n=count), '{} and {}'.format(c.shape, x.shape))


def zeros_for(grad, like):
    """``grad``, or zeros shaped as the array ``like`` where it is None."""
    return get_array_module(like).zeros_like(like) if grad is None else grad


def cell_grads(children, o, t, gc, gh):
    """First-order gradients of ``c = sum_k a_k i_k + f_k c_prev_k``, ``h = o tanh(c)``.

    Args:
        children: ``(c_prev, a, i, f)`` per child, gates activated.
        o: the output gate (activated); ``t``: ``tanh(c)``.
        gc, gh: gradients of ``c`` and ``h``.

    Returns:
        ``([(gc_prev, ga, gi, gf)] per child, go)``, gate gradients with respect to the
        pre-activations.
    """
    g = gc + gh * o * (1 - t * t)
    grads = [(g * f, g * i * (1 - a * a), g * a * i * (1 - i), g * c_prev * f * (1 - f))
             for c_prev, a, i, f in children]
    return grads, gh * t * o * (1 - o)


def cell_grad_grads(children, o, t, gc, gh, ggo):
    """Gradients of :func:`cell_grads`' outputs with respect to its inputs.

    Args:
        children: ``(c_prev, a, i, f, ggc_prev, gga, ggi, ggf)`` per child: the
            activated gates and the gradients of ``cell_grads``' outputs.
        o, t, gc, gh: as in :func:`cell_grads`; ``ggo``: gradient of ``go``.

    Returns:
        ``([(d c_prev, d a, d i, d f)] per child, d o, d c, d gc, d gh)``, gates with
        respect to their pre-activations and ``c`` through ``t = tanh(c)``.
    """
    dt = 1 - t * t
    g = gc + gh * o * dt
    # gradient of the shared g
    dg = None
    for c_prev, a, i, f, ggc_prev, gga, ggi, ggf in children:
        term = (ggc_prev * f + gga * i * (1 - a * a) + ggi * a * i * (1 - i) +
                ggf * c_prev * f * (1 - f))
        dg = term if dg is None else dg + term
    d_children = [
        (ggf * g * f * (1 - f),
         g * (1 - a * a) * (ggi * i * (1 - i) - 2 * a * i * gga),
         g * i * (1 - i) * (gga * (1 - a * a) + ggi * a * (1 - 2 * i)),
         g * f * (1 - f) * (ggc_prev + ggf * c_prev * (1 - 2 * f)))
        for c_prev, a, i, f, ggc_prev, gga, ggi, ggf in children]
    d_o = gh * o * (1 - o) * (dg * dt + ggo * t * (1 - 2 * o))
    d_c = gh * dt * (ggo * o * (1 - o) - 2 * t * o * dg)
    d_gh = dg * o * dt + ggo * t * o * (1 - o)
    return d_children, d_o, d_c, dg, d_gh
