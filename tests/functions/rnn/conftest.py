"""A NumPy reference of the n_step_* functions, one sequence at a time, and test data."""

import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function

N_WEIGHTS = {'lstm': 8, 'gru': 6, 'rnn': 2}

# Long chains of float16 operations: looser bounds than check_function's defaults.
TOLERANCES = dict(
    forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}},
    backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
    double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1},
                             numpy.float32: {'atol': 5e-3, 'rtol': 5e-2}})


@pytest.fixture(autouse=True)
def _seed():
    """Every test draws the same random inputs on every run."""
    state = numpy.random.get_state()
    numpy.random.seed(0)
    yield
    numpy.random.set_state(state)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _cell(kind, activation, x, h, c, w, b):
    """One step of one sequence with Chainer's equations; returns (h, c)."""
    if kind == 'rnn':
        pre = w[0] @ x + b[0] + w[1] @ h + b[1]
        return (numpy.tanh(pre) if activation == 'tanh' else numpy.maximum(pre, 0)), None
    if kind == 'gru':
        r = _sigmoid(w[0] @ x + w[3] @ h + b[0] + b[3])
        z = _sigmoid(w[1] @ x + w[4] @ h + b[1] + b[4])
        candidate = numpy.tanh(w[2] @ x + b[2] + r * (w[5] @ h + b[5]))
        return (1 - z) * candidate + z * h, None
    # Chainer's layout: input gate, forget gate, cell input, output gate.
    i, f, o = (_sigmoid(w[j] @ x + w[j + 4] @ h + b[j] + b[j + 4]) for j in (0, 1, 3))
    a = numpy.tanh(w[2] @ x + w[6] @ h + b[2] + b[6])
    c = f * c + i * a
    return o * numpy.tanh(c), c


def _reference(kind, n_layers, hx, cx, ws, bs, xs, bidirectional, activation='tanh'):
    """(hy, cy, ys) computed in float64 sequence by sequence from time-major ``xs``."""
    directions = 2 if bidirectional else 1
    batch = hx.shape[1]
    lengths = [sum(len(x) > b for x in xs) for b in range(batch)]
    hy = numpy.array(hx, dtype=numpy.float64)
    cy = None if cx is None else numpy.array(cx, dtype=numpy.float64)
    ys = [numpy.zeros((len(x), hx.shape[2] * directions)) for x in xs]
    for b in range(batch):
        inputs = [numpy.asarray(xs[t][b], numpy.float64) for t in range(lengths[b])]
        for layer in range(n_layers):
            outputs = [[] for _ in range(lengths[b])]
            for d in range(directions):
                k = layer * directions + d
                h = hy[k, b].copy()
                c = None if cx is None else cy[k, b].copy()
                steps = range(lengths[b])
                for t in (reversed(steps) if d else steps):
                    h, c = _cell(kind, activation, inputs[t], h, c, ws[k], bs[k])
                    outputs[t].append(h)
                hy[k, b] = h
                if cx is not None:
                    cy[k, b] = c
            inputs = [numpy.concatenate(o) for o in outputs]
        for t in range(lengths[b]):
            ys[t][b] = inputs[t]
    return hy, cy, ys


def _make_problem(kind, n_layers, bidirectional, lengths, n_in=3, n_units=2,
                 dtype=numpy.float64):
    """Random hx, cx, ws, bs and time-major xs for sequences of the given lengths."""
    directions = 2 if bidirectional else 1
    batch = len(lengths)
    shape = (n_layers * directions, batch, n_units)
    hx = numpy.random.uniform(-1, 1, shape).astype(dtype)
    cx = numpy.random.uniform(-1, 1, shape).astype(dtype) if kind == 'lstm' else None
    half = N_WEIGHTS[kind] // 2
    ws, bs = [], []
    for k in range(n_layers * directions):
        n_layer_in = n_in if k < directions else n_units * directions
        ws.append([numpy.random.uniform(-1, 1, (n_units, n_layer_in if j < half else n_units))
                   .astype(dtype) for j in range(N_WEIGHTS[kind])])
        bs.append([numpy.random.uniform(-1, 1, n_units).astype(dtype)
                   for _ in range(N_WEIGHTS[kind])])
    xs = [numpy.random.uniform(-1, 1, (sum(length > t for length in lengths), n_in))
          .astype(dtype) for t in range(max(lengths))]
    return hx, cx, ws, bs, xs


@pytest.fixture
def rnn_reference():
    """``reference(kind, n_layers, hx, cx, ws, bs, xs, bidirectional, activation='tanh')``."""
    return _reference


@pytest.fixture
def rnn_problem():
    """``make(kind, n_layers, bidirectional, lengths, n_in=3, n_units=2, dtype=float64)``."""
    return _make_problem


def _flat_case(kind, n_layers, bidirectional, lengths, activation='tanh'):
    """A problem as one tuple of arrays, the function under test and its reference.

    Both take the arrays ``(hx, [cx,] *ws, *bs, *xs)`` (ws and bs flattened) and return
    ``(hy, [cy,] *ys)``, as :func:`kusari.testing.check_function` needs.
    """
    hx, cx, ws, bs, xs = _make_problem(kind, n_layers, bidirectional, lengths)
    use_cell = cx is not None
    n_states, n_weights = len(ws), N_WEIGHTS[kind]
    name = 'n_step_{}{}'.format('bi' if bidirectional else '', kind)
    options = {'activation': activation} if kind == 'rnn' else {}

    def unflatten(arrays):
        hx, cx = arrays[0], arrays[1] if use_cell else None
        flat = arrays[2 if use_cell else 1:]
        params = [list(flat[n_weights * k:n_weights * (k + 1)]) for k in range(2 * n_states)]
        return hx, cx, params[:n_states], params[n_states:], list(flat[2 * n_states * n_weights:])

    def run(*arrays):
        hx, cx, ws, bs, xs = unflatten(arrays)
        states = (hx, cx) if use_cell else (hx,)
        outputs = getattr(F, name)(n_layers, 0.0, *states, ws, bs, xs, **options)
        return tuple(outputs[:-1]) + outputs[-1]

    def expected(*arrays):
        hy, cy, ys = _reference(kind, n_layers, *unflatten(arrays), bidirectional, activation)
        return tuple(a.astype(arrays[0].dtype) for a in [hy] + ([cy] if use_cell else []) + ys)

    arrays = (hx,) + ((cx,) if use_cell else ()) + tuple(
        a for group in ws + bs for a in group) + tuple(xs)
    run.__name__ = name
    return arrays, run, expected


@pytest.fixture
def check_n_step():
    """``check(kind, n_layers, bidirectional, lengths, activation='tanh')`` runs
    check_function (values in three dtypes, gradients, second-order gradients)."""
    def check(*args, **kwargs):
        arrays, function, reference = _flat_case(*args, **kwargs)
        check_function(function, arrays, reference, **TOLERANCES)
    return check
