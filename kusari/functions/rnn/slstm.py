"""S-LSTM cell with two children (Chainer's ``chainer.functions.rnn.slstm``).

As in :mod:`~kusari.functions.rnn.lstm`, the gradient is the array node
:class:`SLSTMGrad`, whose own gradient is written in kusari functions.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_same_dtype, fail
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.tanh import tanh
from kusari.functions.rnn import _cell


def _activated(x):
    a, i, f, o = _cell.split(x, 4, True)
    return get_array_module(x).tanh(a), _cell.sigmoid_array(i), _cell.sigmoid_array(f), o


class SLSTM(core.FunctionNode):
    """The cell ``(c_prev1, c_prev2, x1, x2) -> (c, h)`` of :func:`slstm`."""

    _input_indexes_to_retain = (0, 1, 2, 3)
    _output_indexes_to_retain = (0,)

    def forward(self, inputs):
        c_prev1, c_prev2, x1, x2 = inputs
        _cell.check_cell('slstm', c_prev1, x1, 'c_prev1', 'x1', 4)
        _cell.check_cell('slstm', c_prev2, x2, 'c_prev2', 'x2', 4)
        # Unlike lstm, no smaller batch for x: it would broadcast against c_prev.
        if len(x1) != len(c_prev1) or len(x2) != len(c_prev2):
            fail('slstm', 'x1 and x2', 'the batch size of c_prev1 ({})'.format(len(c_prev1)),
                 'shapes {} and {}'.format(x1.shape, x2.shape))
        if c_prev1.shape != c_prev2.shape:
            fail('slstm', 'shapes of c_prev1 and c_prev2', 'equal shapes', '{} and {}'.format(
                c_prev1.shape, c_prev2.shape))
        if x1.dtype != x2.dtype:
            check_same_dtype('slstm', x1, x2, ('x1', 'x2'))
        a1, i1, f1, o1 = _activated(x1)
        a2, i2, f2, o2 = _activated(x2)
        c = a1 * i1 + a2 * i2 + f1 * c_prev1 + f2 * c_prev2
        h = _cell.sigmoid_array(o1 + o2) * get_array_module(c).tanh(c)
        return c, h

    def backward(self, indexes, grad_outputs):
        c_prev1, c_prev2, x1, x2 = self.get_retained_inputs()
        c, = self.get_retained_outputs()
        gc, gh = (_cell.zeros_for(g, c.array) for g in grad_outputs)
        grads = SLSTMGrad().apply((c_prev1, c_prev2, x1, x2, c, gc, gh))
        return tuple(grads[k] for k in indexes)


class SLSTMGrad(core.FunctionNode):
    """``(c_prev1, c_prev2, x1, x2, c, gc, gh) -> (gc_prev1, gc_prev2, gx1, gx2)``.

    The gradient of :class:`SLSTM`; like Chainer's, it may be called:
    ``SLSTMGrad()(c_prev1, c_prev2, x1, x2, c, gc, gh)``.
    """

    _input_indexes_to_retain = (0, 1, 2, 3, 4, 5, 6)

    def __call__(self, *inputs):
        return self.apply(inputs)

    def forward(self, inputs):
        c_prev1, c_prev2, x1, x2, c, gc, gh = inputs
        xp = get_array_module(x1)
        a1, i1, f1, o1 = _activated(x1)
        a2, i2, f2, o2 = _activated(x2)
        o = _cell.sigmoid_array(o1 + o2)
        grads, go = _cell.cell_grads([(c_prev1, a1, i1, f1), (c_prev2, a2, i2, f2)], o,
                                     xp.tanh(c), gc, gh)
        gxs = []
        for x, (_, ga, gi, gf) in zip((x1, x2), grads):
            gx = xp.empty_like(x)
            for block, g in zip(_cell.split(gx, 4, True), (ga, gi, gf, go)):
                block[...] = g
            gxs.append(gx)
        return grads[0][0], grads[1][0], gxs[0], gxs[1]

    def backward(self, indexes, grad_outputs):
        c_prev1, c_prev2, x1, x2, c, gc, gh = self.get_retained_inputs()
        ggc_prev1, ggc_prev2 = (_cell.zeros_for(g, c.array) for g in grad_outputs[:2])
        ggx1, ggx2 = (_cell.zeros_for(g, x1.array) for g in grad_outputs[2:])
        gates1 = _cell.SplitGates(4, True).apply((x1,))
        gates2 = _cell.SplitGates(4, True).apply((x2,))
        gg1 = _cell.SplitGates(4, True).apply((ggx1,))
        gg2 = _cell.SplitGates(4, True).apply((ggx2,))
        children = []
        for c_prev, (a_in, i_in, f_in, _), ggc_prev, (gga, ggi, ggf, _) in (
                (c_prev1, gates1, ggc_prev1, gg1), (c_prev2, gates2, ggc_prev2, gg2)):
            children.append((c_prev, tanh(a_in), sigmoid(i_in), sigmoid(f_in), ggc_prev,
                             gga, ggi, ggf))
        o = sigmoid(gates1[3] + gates2[3])
        d_children, d_o, d_c, d_gc, d_gh = _cell.cell_grad_grads(
            children, o, tanh(c), gc, gh, gg1[3] + gg2[3])
        (d_c_prev1, *d_gates1), (d_c_prev2, *d_gates2) = d_children
        grads = (d_c_prev1, d_c_prev2,
                 _cell.merge(d_gates1 + [d_o], 4, True, x1.shape),
                 _cell.merge(d_gates2 + [d_o], 4, True, x2.shape), d_c, d_gc, d_gh)
        return tuple(grads[k] for k in indexes)


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM unit: an LSTM cell with two children (tree-structured LSTM of Zhu et al.).

    ``x1`` and ``x2`` (each ``(B, 4 * units, ...)``, gates interleaved as in
    :func:`~kusari.functions.lstm`) hold ``a_k, i_k, f_k, o_k`` from child ``k``. Then::

        c = tanh(a1) * sigmoid(i1) + tanh(a2) * sigmoid(i2)
            + sigmoid(f1) * c_prev1 + sigmoid(f2) * c_prev2
        h = sigmoid(o1 + o2) * tanh(c)

    Args:
        c_prev1 (Variable or array): the first child's cell state ``(B, units, ...)``.
        c_prev2 (Variable or array): the second child's cell state, of the same shape.
        x1 (Variable or array): the first child's pre-activations ``(B, 4 * units, ...)``.
        x2 (Variable or array): the second child's, of the same shape.

    Returns:
        tuple: ``(c, h)``, the new cell state and the output, both of ``c_prev1``'s
        shape ``(B, units, ...)`` and ``x1``'s dtype.
    """
    return SLSTM().apply((c_prev1, c_prev2, x1, x2))
