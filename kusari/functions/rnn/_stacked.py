"""The machinery shared by the stacked (bi)directional RNN functions n_step_*.

Inputs follow Chainer: ``xs`` is time-major, ``xs[t]`` of shape (B_t, I) with B_t
non-increasing (sequences sorted by decreasing length, then transposed); ``hx`` (and
``cx``) have shape (S * D, B, N) with ``D`` = 2 for bidirectional functions and state
``layer * D + direction`` (direction 0 forward, 1 backward); ``ws[k]``/``bs[k]`` hold
the weights of that layer and direction.

Each step of each layer and direction is computed on its own, in the order of
operations of Chainer's implementation, so that running sequences at once and
stepping through them one call per time step give identical results; only the rows of
sequences still running at a step take part in it.
"""

from kusari import core
from kusari.functions._checks import fail
from kusari.functions.array.concat import concat
from kusari.functions.array.separate import separate
from kusari.functions.array.split_axis import split_axis
from kusari.functions.array.stack import stack
from kusari.functions.noise.dropout import dropout
from kusari.utils import argument


class Cell:
    """One recurrent cell type.

    Attributes:
        name (str): the public function's name, for error messages.
        n_weights (int): weight matrices (and biases) per layer and direction; the
            first half multiply the input, the second half the hidden state.
        use_cell (bool): whether the cell has a memory state ``c`` (LSTM).
    """

    name = None
    n_weights = None
    use_cell = False

    def parameters(self, w, b):
        """What :meth:`step` needs from the weights ``w`` and biases ``b`` of one layer
        and direction (built once per call)."""
        raise NotImplementedError

    def step(self, x, states, parameters):
        """The states ``[h]`` (or ``[h, c]``) after one step on the input ``x``."""
        raise NotImplementedError


def reject_kwargs(name, kwargs):
    """Chainer's errors for the removed ``train``/``use_cudnn`` arguments."""
    argument.parse_kwargs_of(name, dict(kwargs), **{
        old: "{}: the {} argument is not supported anymore; use "
             "kusari.using_config('{}', ...)".format(name, old, old)
        for old in ('train', 'use_cudnn')})


def _check(cell, n_layers, directions, dropout_ratio, hx, cx, ws, bs, xs):
    """Validate every argument, naming the function and the argument on failure."""
    name = cell.name
    if not isinstance(n_layers, int) or n_layers < 1:
        fail(name, 'n_layers', 'a positive int', n_layers)
    if not 0 <= dropout_ratio < 1:
        fail(name, 'dropout_ratio', 'a value in [0, 1)', dropout_ratio)
    if not xs:
        fail(name, 'xs', 'at least one time step', 'an empty sequence')
    n_states = n_layers * directions
    if hx.ndim != 3 or hx.shape[0] != n_states:
        fail(name, 'hx', 'shape ({}, B, N)'.format(n_states), hx.shape)
    batch, n_units = hx.shape[1:]
    if cx is not None and cx.shape != hx.shape:
        fail(name, 'cx', 'hx\'s shape {}'.format(hx.shape), cx.shape)
    dtype = hx.dtype
    if dtype.kind != 'f':
        fail(name, 'hx', 'a floating-point array', 'dtype {}'.format(dtype))
    previous = batch
    for t, x in enumerate(xs):
        if x.ndim != 2 or x.dtype != dtype:
            fail(name, 'xs[{}]'.format(t), 'a 2-d array of dtype {}'.format(dtype),
                 'shape {} and dtype {}'.format(x.shape, x.dtype))
        if len(x) > previous:
            fail(name, 'xs[{}]'.format(t), 'at most {} rows (batch sizes must not grow: sort '
                 'sequences by decreasing length, then transpose)'.format(previous), len(x))
        previous = len(x)
    if len(ws) != n_states or len(bs) != n_states:
        fail(name, 'ws and bs', '{} lists each (n_layers * {})'.format(n_states, directions),
             '{} and {}'.format(len(ws), len(bs)))
    half = cell.n_weights // 2
    for k in range(n_states):
        if len(ws[k]) != cell.n_weights or len(bs[k]) != cell.n_weights:
            fail(name, 'ws[{0}] and bs[{0}]'.format(k), '{} arrays each'.format(
                cell.n_weights), '{} and {}'.format(len(ws[k]), len(bs[k])))
        n_in = xs[0].shape[1] if k < directions else n_units * directions
        for j, (w, b) in enumerate(zip(ws[k], bs[k])):
            expected = (n_units, n_in if j < half else n_units)
            if w.shape != expected or w.dtype != dtype:
                what = 'input size of xs' if k < directions and j < half else 'shape'
                fail(name, 'ws[{}][{}]'.format(k, j), 'shape {} and dtype {} ({} matches '
                     'hx and xs)'.format(expected, dtype, what),
                     'shape {} and dtype {}'.format(w.shape, w.dtype))
            if b.shape != (n_units,) or b.dtype != dtype:
                fail(name, 'bs[{}][{}]'.format(k, j), 'shape ({},) and dtype {}'.format(
                    n_units, dtype), 'shape {} and dtype {}'.format(b.shape, b.dtype))


def _run(cell, xs, parameters, states, reverse):
    """The recurrence of one layer and direction.

    Args:
        xs: per step, the input (B_t, I).
        parameters: the cell's parameters of this layer and direction.
        states: the initial states, ``[h]`` or ``[h, c]``, each (B, N).
        reverse (bool): run from the last step to the first.

    Returns:
        (states, outputs): the final states (B, N) and the per-step outputs (B_t, N).
    """
    batch_sizes = [len(x) for x in xs]
    steps = range(len(xs))
    outputs = [None] * len(xs)
    if reverse:
        # Going backwards, sequences join at their last step: the initial states of
        # those not started yet wait in row blocks, appended as their turn comes.
        cuts = sorted(set(batch_sizes) | {len(states[0])})[:-1]
        waiting = [list(split_axis(s, cuts, axis=0)) if cuts else [s] for s in states]
        states = [blocks.pop(0) for blocks in waiting]
        for t in reversed(steps):
            if len(states[0]) < batch_sizes[t]:
                states = [concat([s, blocks.pop(0)], axis=0) for s, blocks in zip(states, waiting)]
            states = cell.step(xs[t], states, parameters)
            outputs[t] = states[0]
        states = [concat([s] + blocks, axis=0) if blocks else s
                  for s, blocks in zip(states, waiting)]
        return states, outputs
    # Going forwards, sequences leave at their last step; their final states wait.
    finished = [[] for _ in states]
    for t in steps:
        if batch_sizes[t] < len(states[0]):
            pieces = [split_axis(s, [batch_sizes[t]], axis=0) for s in states]
            states = [running for running, _ in pieces]
            for done, (_, ended) in zip(finished, pieces):
                done.append(ended)
        states = cell.step(xs[t], states, parameters)
        outputs[t] = states[0]
    states = [concat([s] + done[::-1], axis=0) if done else s
              for s, done in zip(states, finished)]
    return states, outputs


def n_step(cell, n_layers, dropout_ratio, hx, cx, ws, bs, xs, bidirectional):
    """Stacked (bi)directional RNN of ``cell`` over time-major ``xs``.

    Returns:
        (hy, cy, ys): ``cy`` is None without a memory cell; ``ys`` is a tuple of
        per-step outputs of the last layer, (B_t, N) or (B_t, 2N) if bidirectional.
    """
    directions = 2 if bidirectional else 1
    hx = core.as_variable(hx)
    cx = core.as_variable(cx) if cell.use_cell else None
    xs = [core.as_variable(x) for x in xs]
    _check(cell, n_layers, directions, dropout_ratio, hx, cx, ws, bs, xs)
    h_init = separate(hx, axis=0)
    c_init = separate(cx, axis=0) if cx is not None else None
    layer_input = xs
    hy, cy = [], []
    for layer in range(n_layers):
        outputs = []
        for direction in range(directions):
            k = layer * directions + direction
            steps = layer_input
            if layer and dropout_ratio:  # masks drawn step by step, per direction
                steps = [dropout(x, dropout_ratio) for x in steps]
            initial = [h_init[k]] + ([c_init[k]] if cell.use_cell else [])
            states, out = _run(cell, steps, cell.parameters(ws[k], bs[k]), initial,
                               reverse=direction == 1)
            hy.append(states[0])
            cy.extend(states[1:])
            outputs.append(out)
        layer_input = outputs[0] if directions == 1 else [
            concat([forward, backward], axis=1) for forward, backward in zip(*outputs)]
    return stack(hy, axis=0), stack(cy, axis=0) if cell.use_cell else None, tuple(layer_input)
