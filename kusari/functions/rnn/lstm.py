"""Long short-term memory cell (Chainer's ``chainer.functions.rnn.lstm``).

The forward is one node on arrays. Its gradient is the node :class:`LSTMGrad` (on
arrays as well), whose own gradient is written in kusari functions, so the cell can be
differentiated any number of times.
"""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.tanh import tanh
from kusari.functions.array.concat import concat
from kusari.functions.array.get_item import get_item
from kusari.functions.rnn import _cell


def _lstm_grad_arrays(c_prev, x, c, gc, gh):
    """Gradients of lstm with respect to ``c_prev`` and ``x`` (None: a zero gradient)."""
    xp = get_array_module(x)
    batch = len(x)
    a, i, f, o = _cell.split(x, 4, True)
    a, i, f, o = xp.tanh(a), _cell.sigmoid_array(i), _cell.sigmoid_array(f), \
        _cell.sigmoid_array(o)
    t = xp.tanh(c[:batch])
    ((gc_prev_rows, ga, gi, gf),), go = _cell.cell_grads(
        [(c_prev[:batch], a, i, f)], o, t, 0 if gc is None else gc[:batch],
        0 if gh is None else gh)
    gx = xp.empty_like(x)
    for block, g in zip(_cell.split(gx, 4, True), (ga, gi, gf, go)):
        block[...] = g
    gc_prev = xp.empty_like(c_prev)
    gc_prev[:batch] = gc_prev_rows
    gc_prev[batch:] = 0 if gc is None else gc[batch:]
    return gc_prev, gx


class LSTM(core.FunctionNode):
    """The cell ``(c_prev, x) -> (c, h)`` of :func:`lstm`."""

    _input_indexes_to_retain = (0, 1)
    _output_indexes_to_retain = (0,)

    def forward(self, inputs):
        c_prev, x = inputs
        _cell.check_cell('lstm', c_prev, x, 'c_prev', 'x', 4)
        if len(x) > len(c_prev):
            fail('lstm', 'x', 'a batch no larger than that of c_prev ({})'.format(
                len(c_prev)), 'shape {}'.format(x.shape))
        xp = get_array_module(x)
        a, i, f, o = _cell.split(x, 4, True)
        batch = len(x)
        c = xp.empty_like(c_prev)
        c[:batch] = xp.tanh(a) * _cell.sigmoid_array(i) + _cell.sigmoid_array(f) * c_prev[:batch]
        c[batch:] = c_prev[batch:]
        h = _cell.sigmoid_array(o) * xp.tanh(c[:batch])
        return c, h

    def backward(self, indexes, grad_outputs):
        c_prev, x = self.get_retained_inputs()
        c, = self.get_retained_outputs()
        gc, gh = grad_outputs
        gc = _cell.zeros_for(gc, c.array)
        gh = _cell.zeros_for(gh, c.array[:len(x)])
        grads = LSTMGrad().apply((c_prev, x, c, gc, gh))
        return tuple(grads[k] for k in indexes)

    def backward_arrays(self, indexes, grad_outputs):
        # the same arrays as LSTMGrad's forward, without recording a node
        grads = _lstm_grad_arrays(*self.get_retained_arrays(), *grad_outputs)
        return tuple(grads[k] for k in indexes)


class LSTMGrad(core.FunctionNode):
    """``(c_prev, x, c, gc, gh) -> (gc_prev, gx)``: the gradient of :class:`LSTM`.

    ``c`` is the cell state the LSTM computed, ``gc`` and ``gh`` the gradients of its
    outputs. Like Chainer's, it may be called: ``LSTMGrad()(c_prev, x, c, gc, gh)``.
    """

    _input_indexes_to_retain = (0, 1, 2, 3, 4)

    def __call__(self, *inputs):
        return self.apply(inputs)

    def forward(self, inputs):
        return _lstm_grad_arrays(*inputs)

    def backward(self, indexes, grad_outputs):
        c_prev, x, c, gc, gh = self.get_retained_inputs()
        batch, total = len(x), len(c_prev)
        ggc_prev = _cell.zeros_for(grad_outputs[0], c_prev.array)
        ggx = _cell.zeros_for(grad_outputs[1], x.array)

        def rows(v):
            return v if batch == total else get_item(v, slice(0, batch))

        def padded(v, rest=None):
            """``v`` with the rows of the sequences that x leaves out (zeros or rest)."""
            if batch == total:
                return v
            if rest is None:
                rest = c_prev.xp.zeros((total - batch,) + v.shape[1:], v.dtype)
            return concat((v, rest), axis=0)

        a_in, i_in, f_in, o_in = _cell.SplitGates(4, True).apply((x,))
        a, i, f, o = tanh(a_in), sigmoid(i_in), sigmoid(f_in), sigmoid(o_in)
        gga, ggi, ggf, ggo = _cell.SplitGates(4, True).apply((ggx,))
        children = [(rows(c_prev), a, i, f, rows(ggc_prev), gga, ggi, ggf)]
        ((d_c_prev, d_a, d_i, d_f),), d_o, d_c, d_gc, d_gh = _cell.cell_grad_grads(
            children, o, tanh(rows(c)), rows(gc), gh, ggo)
        grads = (padded(d_c_prev), _cell.merge((d_a, d_i, d_f, d_o), 4, True, x.shape),
                 padded(d_c), padded(d_gc, None if batch == total else
                                     get_item(ggc_prev, slice(batch, None))), d_gh)
        return tuple(grads[k] for k in indexes)


def lstm(c_prev, x):
    """Long short-term memory unit with a forget gate.

    ``x`` of shape ``(B, 4 * units, ...)`` holds the pre-activations of the cell input
    ``a``, input gate ``i``, forget gate ``f`` and output gate ``o``, interleaved:
    ``x.reshape(B, units, 4, ...)[:, :, k]`` is the k-th of them. Then::

        c = tanh(a) * sigmoid(i) + sigmoid(f) * c_prev
        h = sigmoid(o) * tanh(c)

    ``x`` may have a smaller batch than ``c_prev`` (sequences sorted by decreasing
    length): only ``c[:len(x)]`` is updated, the rest of ``c_prev`` is passed through.

    Args:
        c_prev (Variable or array): the previous cell state, of shape ``(B, units, ...)``.
        x (Variable or array): the pre-activations, of shape ``(B', 4 * units, ...)``
            with ``B' <= B``.

    Returns:
        tuple: ``(c, h)``, the new cell state of ``c_prev``'s shape ``(B, units, ...)``
        and the output of shape ``(B', units, ...)``, both of ``x``'s dtype.
    """
    return LSTM().apply((c_prev, x))
