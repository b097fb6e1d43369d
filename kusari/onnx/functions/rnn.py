"""The n-step RNN functions (recorded as one node each while exporting) as ONNX's
GRU, LSTM and RNN ops, one op per layer.

The nodes are made by ``fake_as_funcnode``: their inputs are the Variables among
the arguments in order (hx, [cx,] the weights, the biases, the xs) and the other
arguments are attributes ``arg0`` (n_layers), ``arg1`` (dropout ratio, unused at
inference) and ``activation``. All sequences must have the same length: ONNX's
ops take one batch-major tensor.
"""

from kusari.onnx.functions.converter import Builder, converts


class _Recurrence:
    def __init__(self, op_type, n_weights, gate_order, n_states, directions=1):
        self.op_type = op_type
        self.n_weights = n_weights  # per layer and direction: input weights, then hidden ones
        self.gate_order = gate_order  # kusari's gate index of each ONNX gate
        self.n_states = n_states  # h, or h and c
        self.directions = directions

    def __call__(self, params):
        func = params.func
        b = Builder(params)
        n_layers = int(func.arg0)
        dirs = self.directions
        states = b.inputs[:self.n_states]
        n_params = self.n_weights * n_layers * dirs
        weights = b.inputs[self.n_states:self.n_states + n_params]
        biases = b.inputs[self.n_states + n_params:self.n_states + 2 * n_params]
        first_x = self.n_states + 2 * n_params
        xs = b.inputs[first_x:]
        if len({b.in_shape(first_x + t)[0] for t in range(len(xs))}) != 1:
            raise RuntimeError('kusari exports {} only for sequences of one length'.format(
                func.custom_function_node_name))
        attrs = {'hidden_size': b.in_shape(0)[2]}
        if dirs == 2:
            attrs['direction'] = 'bidirectional'
        if getattr(func, 'activation', 'tanh') == 'relu':
            attrs['activations'] = ['Relu'] * dirs
        if self.op_type == 'GRU':
            attrs['linear_before_reset'] = 1

        x = b.op('Concat', [b.unsqueeze(x, [0]) for x in xs], axis=0)
        order = list(self.gate_order)
        hidden_order = [self.n_weights // 2 + g for g in order]

        def stacked(params_, gates):
            """(directions, gates * N, ...) of the weights or biases of one layer."""
            per_direction = []
            for k in range(dirs):
                own = params_[k * self.n_weights:(k + 1) * self.n_weights]
                per_direction.append(b.unsqueeze(
                    b.op('Concat', [own[g] for g in gates], axis=0), [0]))
            return per_direction[0] if dirs == 1 else b.op('Concat', per_direction, axis=0)

        final_states = [[] for _ in states]
        for layer in range(n_layers):
            span = slice(layer * dirs * self.n_weights, (layer + 1) * dirs * self.n_weights)
            w, bias = weights[span], biases[span]
            initial = [b.slice(s, [layer * dirs], [(layer + 1) * dirs], [0]) for s in states]
            inputs = [x, stacked(w, order), stacked(w, hidden_order),
                      stacked(bias, order + hidden_order), ''] + initial
            outputs = b.op(self.op_type, inputs, n_out=1 + self.n_states, **attrs)
            if dirs == 1:
                x = b.squeeze(outputs[0], [1])
            else:  # (T, 2, B, N) -> (T, B, 2N): both directions side by side
                x = b.reshape(b.op('Transpose', [outputs[0]], perm=[0, 2, 1, 3]), [0, 0, -1])
            for finals, state in zip(final_states, outputs[1:]):
                finals.append(state)
        names = params.output_names
        for finals, name in zip(final_states, names):
            if len(finals) > 1:
                b.op('Concat', finals, out=name, axis=0)
            else:
                b.op('Identity', finals, out=name)
        for t, name in enumerate(names[self.n_states:]):
            b.squeeze(b.slice(x, [t], [t + 1], [0]), [0], out=name)
        return b.nodes()


for _directions, _prefix in ((1, 'n_step_'), (2, 'n_step_bi')):
    converts(_prefix + 'gru')(_Recurrence('GRU', 6, (1, 0, 2), 1, _directions))
    converts(_prefix + 'lstm')(_Recurrence('LSTM', 8, (0, 3, 1, 2), 2, _directions))
    converts(_prefix + 'rnn')(_Recurrence('RNN', 2, (0,), 1, _directions))


def _gates(b, i, count, interleaved):
    """The ``count`` gate blocks of the ``i``-th input (``(B, count * units, ...)``), as
    kusari's cells split them: interleaved per unit (lstm, slstm) or in consecutive blocks
    (tree_lstm)."""
    x, shape = b.inputs[i], b.in_shape(i)
    units = shape[1] // count
    axis = 2 if interleaved else 1
    blocks = [units, count] if interleaved else [count, units]
    gates = b.split(b.reshape(x, [shape[0]] + blocks + list(shape[2:])), [1] * count, axis)
    return [b.squeeze(g, [axis]) for g in gates]


def _cell_outputs(b, params, a, i, o, forgets):
    """c = tanh(a) sigmoid(i) + sum_k sigmoid(f_k) c_k and h = sigmoid(o) tanh(c) from the
    pre-activations; ``forgets``: pairs (f_k, c_k)."""
    c = b.op('Mul', [b.op('Tanh', [a]), b.op('Sigmoid', [i])])
    for n, (f, c_prev) in enumerate(forgets):
        out = params.output_names[0] if n == len(forgets) - 1 else None
        c = b.op('Add', [c, b.op('Mul', [b.op('Sigmoid', [f]), c_prev])], out=out)
    b.op('Mul', [b.op('Sigmoid', [o]), b.op('Tanh', [c])], out=params.output_names[1])
    return b.nodes()


@converts('LSTM')
def convert_LSTM(params):
    """One LSTM step (``F.lstm``): x holds the gates a, i, f, o interleaved per unit."""
    b = Builder(params)
    c_prev = b.inputs[0]
    if b.in_shape(0)[0] != b.in_shape(1)[0]:
        raise RuntimeError('kusari exports lstm for x of the batch size of c_prev only')
    a, i, f, o = _gates(b, 1, 4, True)
    return _cell_outputs(b, params, a, i, o, [(f, c_prev)])


@converts('SLSTM')
def convert_SLSTM(params):
    """An S-LSTM cell: each child's x holds a, i, f, o interleaved per unit, and the output
    gate is sigmoid(o1 + o2)."""
    b = Builder(params)
    c_prev1, c_prev2 = b.inputs[:2]
    a1, i1, f1, o1 = _gates(b, 2, 4, True)
    a2, i2, f2, o2 = _gates(b, 3, 4, True)
    # tanh(a1) sigmoid(i1) + tanh(a2) sigmoid(i2): the second child's input term joins
    # as a "forget" pair (i2 gating tanh(a2))
    return _cell_outputs(b, params, a1, i1, b.op('Add', [o1, o2]),
                         [(i2, b.op('Tanh', [a2])), (f1, c_prev1), (f2, c_prev2)])


@converts('TreeLSTM')
def convert_TreeLSTM(params):
    """An N-ary TreeLSTM cell: x holds the blocks a, i, o, f1, ..., fN one after another."""
    b = Builder(params)
    cs = b.inputs[:-1]
    a, i, o, *fs = _gates(b, len(cs), 3 + len(cs), False)
    return _cell_outputs(b, params, a, i, o, list(zip(fs, cs)))
