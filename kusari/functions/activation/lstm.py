"""LSTM cells as activation functions: ``lstm``, ``slstm`` (two children) and ``tree_lstm``.

Each forward is one node computed on arrays. Its backward is written with kusari functions
from the retained inputs and cell state, so it can be differentiated again. ``x`` holds
the gates' pre-activations side by side along axis 1: interleaved unit by unit for
``lstm``/``slstm`` (``x.reshape(B, units, 4)[:, :, k]``), in consecutive blocks for
``tree_lstm`` (``x.reshape(B, n, units)[:, k]``), as in Chainer.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.tanh import tanh
from kusari.functions.array.concat import concat
from kusari.functions.array.get_item import get_item


def _sigmoid(x):
    half = x.dtype.type(0.5)
    return get_array_module(x).tanh(x * half) * half + half


def _split(x, count, interleaved):
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
        return tuple(_split(inputs[0], self.count, self.interleaved))

    def backward(self, indexes, grad_outputs):
        return _merge(grad_outputs, self.count, self.interleaved, self.inputs[0].shape),


class MergeGates(core.FunctionNode):
    """Gate blocks laid side by side as in ``x``; its adjoint is SplitGates."""

    def __init__(self, count, interleaved, shape):
        self.count = count
        self.interleaved = interleaved
        self.shape = shape

    def forward(self, inputs):
        x = get_array_module(inputs[0]).empty(self.shape, inputs[0].dtype)
        for block, g in zip(_split(x, self.count, self.interleaved), inputs):
            block[...] = g
        return x,

    def backward(self, indexes, grad_outputs):
        blocks = SplitGates(self.count, self.interleaved).apply(grad_outputs)
        return tuple(blocks[i] for i in indexes)


def _merge(gates, count, interleaved, shape):
    """MergeGates of Variables or arrays, None standing for a zero block."""
    like = next(g for g in gates if g is not None)
    zeros = None
    if any(g is None for g in gates):
        zeros = get_array_module(like).zeros(like.shape, like.dtype)
    return MergeGates(count, interleaved, shape).apply(
        tuple(zeros if g is None else g for g in gates))[0]


def _check_cell(name, c, x, c_name, x_name, count):
    check_float(name, c_name, c)
    check_same_dtype(name, c, x, (c_name, x_name))
    if c.ndim < 2 or x.ndim != c.ndim or x.shape[1] != count * c.shape[1] or (
            x.shape[2:] != c.shape[2:]):
        fail(name, 'shapes of {} and {}'.format(c_name, x_name),
             '{x}.shape[1] == {n} * {c}.shape[1], equal other axes and ndim >= 2'.format(
                 x=x_name, c=c_name, n=count), '{} and {}'.format(c.shape, x.shape))


def _cell_output_grads(c, o, gc, gh):
    """``tanh(c)`` and the total cell gradient ``gc + gh * o * (1 - tanh(c)^2)``."""
    t = tanh(c)
    g = gc
    if gh is not None:
        through_h = gh * o * (1 - t * t)
        g = through_h if g is None else g + through_h
    return t, g


def _output_gate_grad(gh, t, o):
    return None if gh is None else gh * t * o * (1 - o)


def _lstm_grad_arrays(c_prev, x, c, gc, gh):
    """Gradients of lstm with respect to ``c_prev`` and ``x``, on arrays (one pass)."""
    xp = get_array_module(x)
    batch = len(x)
    a, i, f, o = _split(x, 4, True)
    a, i, f, o = xp.tanh(a), _sigmoid(i), _sigmoid(f), _sigmoid(o)
    t = xp.tanh(c[:batch])
    g = xp.zeros_like(t) if gc is None else gc[:batch].copy()
    if gh is not None:
        g += gh * o * (1 - t * t)
    gx = xp.empty_like(x)
    ga, gi, gf, go = _split(gx, 4, True)
    ga[...] = g * i * (1 - a * a)
    gi[...] = g * a * i * (1 - i)
    gf[...] = g * c_prev[:batch] * f * (1 - f)
    go[...] = 0 if gh is None else gh * t * o * (1 - o)
    gc_prev = xp.empty_like(c_prev)
    gc_prev[:batch] = g * f
    gc_prev[batch:] = 0 if gc is None else gc[batch:]
    return gc_prev, gx


class LSTM(core.FunctionNode):
    def forward(self, inputs):
        c_prev, x = inputs
        _check_cell('lstm', c_prev, x, 'c_prev', 'x', 4)
        if len(x) > len(c_prev):
            fail('lstm', 'x', 'a batch no larger than that of c_prev ({})'.format(
                len(c_prev)), 'shape {}'.format(x.shape))
        self.retain_inputs((0, 1))
        self.retain_outputs((0,))
        xp = get_array_module(x)
        a, i, f, o = _split(x, 4, True)
        batch = len(x)
        c = xp.empty_like(c_prev)
        c[:batch] = xp.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev[:batch]
        c[batch:] = c_prev[batch:]
        h = _sigmoid(o) * xp.tanh(c[:batch])
        return c, h

    def backward(self, indexes, grad_outputs):
        c_prev, x = self.get_retained_inputs()
        c, = self.get_retained_outputs()
        return self._differentiable_backward(indexes, c_prev, x, c, *grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        # both gradients at once, on arrays
        grads = _lstm_grad_arrays(self.inputs[0].data, self.inputs[1].data,
                                  self.output_data[0], *grad_outputs)
        return tuple(grads[i] for i in indexes)

    @staticmethod
    def _differentiable_backward(indexes, c_prev, x, c, gc, gh):
        batch = len(x)
        partial = batch < len(c_prev)
        if partial:
            rows = slice(0, batch)
            c_prev_b, c_b = get_item(c_prev, rows), get_item(c, rows)
            gc_b = None if gc is None else get_item(gc, rows)
        else:
            c_prev_b, c_b, gc_b = c_prev, c, gc
        a_in, i_in, f_in, o_in = SplitGates(4, True).apply((x,))
        a, i, f, o = tanh(a_in), sigmoid(i_in), sigmoid(f_in), sigmoid(o_in)
        t, g = _cell_output_grads(c_b, o, gc_b, gh)
        ret = []
        for index in indexes:
            if index == 1:
                gates = [g * i * (1 - a * a), g * a * i * (1 - i), g * c_prev_b * f * (1 - f),
                         _output_gate_grad(gh, t, o)]
                ret.append(_merge(gates, 4, True, x.shape))
            else:
                g_c_prev = g * f
                if partial:
                    rest = (get_item(gc, slice(batch, None)) if gc is not None else
                            c_prev.xp.zeros((len(c_prev) - batch,) + c_prev.shape[1:],
                                            c_prev.dtype))
                    g_c_prev = concat((g_c_prev, rest), axis=0)
                ret.append(g_c_prev)
        return tuple(ret)


def lstm(c_prev, x):
    """Long short-term memory unit with a forget gate.

    ``x`` of shape ``(B, 4 * units, ...)`` holds the pre-activations of the cell input
    ``a``, input gate ``i``, forget gate ``f`` and output gate ``o``, interleaved:
    ``x.reshape(B, units, 4, ...)[:, :, k]`` is the k-th of them. Then::

        c = tanh(a) * sigmoid(i) + sigmoid(f) * c_prev
        h = sigmoid(o) * tanh(c)

    ``x`` may have a smaller batch than ``c_prev`` (sequences sorted by decreasing
    length): only ``c[:len(x)]`` is updated, the rest of ``c_prev`` is passed through.

    Returns:
        tuple: ``(c, h)``, the new cell state and the output.
    """
    return LSTM().apply((c_prev, x))


class SLSTM(core.FunctionNode):
    def forward(self, inputs):
        c_prev1, c_prev2, x1, x2 = inputs
        _check_cell('slstm', c_prev1, x1, 'c_prev1', 'x1', 4)
        _check_cell('slstm', c_prev2, x2, 'c_prev2', 'x2', 4)
        # Unlike lstm, no smaller batch for x: it would broadcast against c_prev.
        if len(x1) != len(c_prev1) or len(x2) != len(c_prev2):
            fail('slstm', 'x1 and x2', 'the batch size of c_prev1 ({})'.format(len(c_prev1)),
                 'shapes {} and {}'.format(x1.shape, x2.shape))
        if c_prev1.shape != c_prev2.shape:
            fail('slstm', 'shapes of c_prev1 and c_prev2', 'equal shapes', '{} and {}'.format(
                c_prev1.shape, c_prev2.shape))
        if x1.dtype != x2.dtype:
            check_same_dtype('slstm', x1, x2, ('x1', 'x2'))
        self.retain_inputs((0, 1, 2, 3))
        self.retain_outputs((0,))
        xp = get_array_module(x1)
        a1, i1, f1, o1 = _split(x1, 4, True)
        a2, i2, f2, o2 = _split(x2, 4, True)
        c = (xp.tanh(a1) * _sigmoid(i1) + xp.tanh(a2) * _sigmoid(i2) +
             _sigmoid(f1) * c_prev1 + _sigmoid(f2) * c_prev2)
        h = _sigmoid(o1 + o2) * xp.tanh(c)
        return c, h

    def backward(self, indexes, grad_outputs):
        c_prev1, c_prev2, x1, x2 = self.get_retained_inputs()
        c, = self.get_retained_outputs()
        gc, gh = grad_outputs
        gates1 = SplitGates(4, True).apply((x1,))
        gates2 = SplitGates(4, True).apply((x2,))
        o = sigmoid(gates1[3] + gates2[3])
        t, g = _cell_output_grads(c, o, gc, gh)
        g_o = _output_gate_grad(gh, t, o)
        children = ((c_prev1, gates1), (c_prev2, gates2))
        ret = []
        for index in indexes:
            c_prev, (a_in, i_in, f_in, _) = children[index % 2]
            f = sigmoid(f_in)
            if index < 2:
                ret.append(g * f)
                continue
            a, i = tanh(a_in), sigmoid(i_in)
            gates = [g * i * (1 - a * a), g * a * i * (1 - i), g * c_prev * f * (1 - f), g_o]
            ret.append(_merge(gates, 4, True, x1.shape))
        return tuple(ret)


def slstm(c_prev1, c_prev2, x1, x2):
    """S-LSTM unit: an LSTM cell with two children (tree-structured LSTM of Zhu et al.).

    ``x1`` and ``x2`` (each ``(B, 4 * units, ...)``, gates interleaved as in
    :func:`lstm`) hold ``a_k, i_k, f_k, o_k`` from child ``k``. Then::

        c = tanh(a1) * sigmoid(i1) + tanh(a2) * sigmoid(i2)
            + sigmoid(f1) * c_prev1 + sigmoid(f2) * c_prev2
        h = sigmoid(o1 + o2) * tanh(c)

    Returns:
        tuple: ``(c, h)``.
    """
    return SLSTM().apply((c_prev1, c_prev2, x1, x2))


class TreeLSTM(core.FunctionNode):
    def forward(self, inputs):
        cs, x = inputs[:-1], inputs[-1]
        n = len(cs)
        for k, c_k in enumerate(cs):
            _check_cell('tree_lstm', c_k, x, 'c{}'.format(k + 1), 'x', 3 + n)
            if len(c_k) != len(x):
                fail('tree_lstm', 'c{}'.format(k + 1), 'the batch size of x ({})'.format(len(x)),
                     'shape {}'.format(c_k.shape))
        self.retain_inputs(tuple(range(n + 1)))
        self.retain_outputs((0,))
        xp = get_array_module(x)
        gates = _split(x, 3 + n, False)
        c = xp.tanh(gates[0]) * _sigmoid(gates[1])
        for f_k, c_k in zip(gates[3:], cs):
            c += _sigmoid(f_k) * c_k
        h = _sigmoid(gates[2]) * xp.tanh(c)
        return c, h

    def backward(self, indexes, grad_outputs):
        inputs = self.get_retained_inputs()
        cs, x = inputs[:-1], inputs[-1]
        n = len(cs)
        c, = self.get_retained_outputs()
        gc, gh = grad_outputs
        a_in, i_in, o_in, *f_ins = SplitGates(3 + n, False).apply((x,))
        o = sigmoid(o_in)
        t, g = _cell_output_grads(c, o, gc, gh)
        fs = [sigmoid(f_in) for f_in in f_ins]
        ret = []
        for index in indexes:
            if index < n:
                ret.append(g * fs[index])
                continue
            a, i = tanh(a_in), sigmoid(i_in)
            gates = [g * i * (1 - a * a), g * a * i * (1 - i), _output_gate_grad(gh, t, o)]
            gates += [g * c_k * f * (1 - f) for c_k, f in zip(cs, fs)]
            ret.append(_merge(gates, 3 + n, False, x.shape))
        return tuple(ret)


def tree_lstm(*inputs):
    """N-ary TreeLSTM unit (Tai et al., with Bowman et al.'s per-child forget gates).

    ``inputs`` are the children's cell states ``c1, ..., cN`` and ``x`` of shape
    ``(B, (3 + N) * units, ...)`` holding, in consecutive blocks along axis 1, the
    pre-activations ``a, i, o, f1, ..., fN``. Then::

        c = tanh(a) * sigmoid(i) + sum_k sigmoid(fk) * ck
        h = sigmoid(o) * tanh(c)

    Returns:
        tuple: ``(c, h)``.
    """
    if len(inputs) < 2:
        fail('tree_lstm', 'inputs', 'at least one cell state and x', '{} inputs'.format(
            len(inputs)))
    return TreeLSTM().apply(inputs)
