"""N-ary TreeLSTM cell (Chainer's ``chainer.functions.rnn.tree_lstm``).

The forward is one node on arrays; its backward is written in kusari functions.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.tanh import tanh
from kusari.functions.rnn import _cell


def _cell_output_grads(c, o, gc, gh):
    """``tanh(c)`` and the total cell gradient ``gc + gh * o * (1 - tanh(c)^2)``."""
    t = tanh(c)
    g = gc
    if gh is not None:
        through_h = gh * o * (1 - t * t)
        g = through_h if g is None else g + through_h
    return t, g


class TreeLSTM(core.FunctionNode):
    _input_indexes_to_retain = core.ALL_INPUTS
    _output_indexes_to_retain = (0,)

    def forward(self, inputs):
        cs, x = inputs[:-1], inputs[-1]
        n = len(cs)
        for k, c_k in enumerate(cs):
            _cell.check_cell('tree_lstm', c_k, x, 'c{}'.format(k + 1), 'x', 3 + n)
            if len(c_k) != len(x):
                fail('tree_lstm', 'c{}'.format(k + 1), 'the batch size of x ({})'.format(len(x)),
                     'shape {}'.format(c_k.shape))
        xp = get_array_module(x)
        gates = _cell.split(x, 3 + n, False)
        c = xp.tanh(gates[0]) * _cell.sigmoid_array(gates[1])
        for f_k, c_k in zip(gates[3:], cs):
            c += _cell.sigmoid_array(f_k) * c_k
        h = _cell.sigmoid_array(gates[2]) * xp.tanh(c)
        return c, h

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        cs, x = inputs[:-1], inputs[-1]
        n = len(cs)
        c, = self.get_retained_outputs()
        gc, gh = grad_outputs
        a_in, i_in, o_in, *f_ins = _cell.SplitGates(3 + n, False).apply((x,))
        o = sigmoid(o_in)
        t, g = _cell_output_grads(c, o, gc, gh)
        fs = [sigmoid(f_in) for f_in in f_ins]
        ret = []
        for index in indexes:
            if index < n:
                ret.append(g * fs[index])
                continue
            a, i = tanh(a_in), sigmoid(i_in)
            go = None if gh is None else gh * t * o * (1 - o)
            gates = [g * i * (1 - a * a), g * a * i * (1 - i), go]
            gates += [g * c_k * f * (1 - f) for c_k, f in zip(cs, fs)]
            ret.append(_cell.merge(gates, 3 + n, False, x.shape))
        return tuple(ret)


def tree_lstm(*inputs):
    """N-ary TreeLSTM unit (Tai et al., with Bowman et al.'s per-child forget gates).

    ``inputs`` are the children's cell states ``c1, ..., cN`` and ``x`` of shape
    ``(B, (3 + N) * units, ...)`` holding, in consecutive blocks along axis 1, the
    pre-activations ``a, i, o, f1, ..., fN``. Then::

        c = tanh(a) * sigmoid(i) + sum_k sigmoid(fk) * ck
        h = sigmoid(o) * tanh(c)

    Args:
        inputs (Variables or arrays): ``c1, ..., cN`` of shape ``(B, units, ...)``, then
            ``x`` of shape ``(B, (3 + N) * units, ...)``.

    Returns:
        tuple: ``(c, h)``, the new cell state and the output, both of shape
        ``(B, units, ...)`` and ``x``'s dtype.
    """
    if len(inputs) < 2:
        fail('tree_lstm', 'inputs', 'at least one cell state and x', '{} inputs'.format(
            len(inputs)))
    return TreeLSTM().apply(inputs)
