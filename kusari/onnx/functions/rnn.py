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
    def __init__(self, op_type, n_weights, gate_order, n_states):
        self.op_type = op_type
        self.n_weights = n_weights  # per layer: input weights, then hidden weights
        self.gate_order = gate_order  # kusari's gate index of each ONNX gate
        self.n_states = n_states  # h, or h and c

    def __call__(self, params):
        func = params.func
        b = Builder(params)
        n_layers = int(func.arg0)
        states = b.inputs[:self.n_states]
        n_params = self.n_weights * n_layers
        weights = b.inputs[self.n_states:self.n_states + n_params]
        biases = b.inputs[self.n_states + n_params:self.n_states + 2 * n_params]
        xs = b.inputs[self.n_states + 2 * n_params:]
        batch = {b.in_shape(self.n_states + 2 * n_params + t)[0] for t in range(len(xs))}
        if len(batch) != 1:
            raise RuntimeError('kusari exports {} only for sequences of one length'.format(
                func.custom_function_node_name))
        hidden = b.in_shape(0)[2]
        attrs = {'hidden_size': hidden}
        if getattr(func, 'activation', 'tanh') == 'relu':
            attrs['activations'] = ['Relu']
        if self.op_type == 'GRU':
            attrs['linear_before_reset'] = 1

        x = b.op('Concat', [b.unsqueeze(x, [0]) for x in xs], axis=0)
        half = self.n_weights // 2
        final_states = [[] for _ in states]
        for layer in range(n_layers):
            w = weights[layer * self.n_weights:(layer + 1) * self.n_weights]
            bias = biases[layer * self.n_weights:(layer + 1) * self.n_weights]
            order = list(self.gate_order)
            hidden_order = [half + g for g in order]
            w_in = b.unsqueeze(b.op('Concat', [w[g] for g in order], axis=0), [0])
            w_hidden = b.unsqueeze(b.op('Concat', [w[g] for g in hidden_order], axis=0), [0])
            bias = b.unsqueeze(b.op('Concat', [bias[g] for g in order + hidden_order], axis=0),
                               [0])
            initial = [b.slice(s, [layer], [layer + 1], [0]) for s in states]
            inputs = [x, w_in, w_hidden, bias, ''] + initial
            outputs = b.op(self.op_type, inputs, n_out=1 + self.n_states, **attrs)
            x = b.squeeze(outputs[0], [1])
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


converts('n_step_gru')(_Recurrence('GRU', 6, (1, 0, 2), 1))
converts('n_step_lstm')(_Recurrence('LSTM', 8, (0, 3, 1, 2), 2))
converts('n_step_rnn')(_Recurrence('RNN', 2, (0,), 1))


@converts('LSTM')
def convert_LSTM(params):
    """One LSTM step (``F.lstm``): x holds the gates a, i, f, o interleaved per unit."""
    b = Builder(params)
    c_prev, x = b.inputs
    c_shape, x_shape = b.in_shape(0), b.in_shape(1)
    if c_shape[0] != x_shape[0] or len(x_shape) != 2:
        raise RuntimeError('kusari exports lstm for 2-d x of the batch size of c_prev only')
    units = c_shape[1]
    gates = b.split(b.reshape(x, [0, units, 4]), [1, 1, 1, 1], 2)
    a, i, f, o = [b.squeeze(g, [2]) for g in gates]
    a = b.op('Tanh', [a])
    i, f, o = [b.op('Sigmoid', [g]) for g in (i, f, o)]
    c_name, h_name = params.output_names
    c = b.op('Add', [b.op('Mul', [a, i]), b.op('Mul', [f, c_prev])], out=c_name)
    b.op('Mul', [o, b.op('Tanh', [c])], out=h_name)
    return b.nodes()
