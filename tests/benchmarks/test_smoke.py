"""Cheap checks of the benchmark suite: the floor's math is right and the runner runs.

Timings are never asserted: benchmarks are not part of the suite's pass/fail.
"""

import os
import subprocess
import sys

import numpy
from numpy.lib.stride_tricks import sliding_window_view

from benchmarks import numpy_floor

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _reference_max_pool_grad(x, grad_y):
    """Gradient of 2x2 max pooling by the first row-major maximum of each window."""
    n, c, h, w = x.shape
    windows = x.reshape(n, c, h // 2, 2, w // 2, 2).transpose(0, 1, 2, 4, 3, 5)
    windows = windows.reshape(n, c, h // 2, w // 2, 4)
    grad_windows = numpy.zeros_like(windows)
    numpy.put_along_axis(grad_windows, windows.argmax(-1)[..., None], grad_y[..., None], -1)
    return grad_windows.reshape(n, c, h // 2, w // 2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(
        x.shape)


def test_floor_max_pool_matches_reference_including_ties():
    rng = numpy.random.default_rng(0)
    x = rng.integers(0, 3, (2, 3, 6, 8)).astype(numpy.float32)  # many ties
    y, choices = numpy_floor.max_pool_2x2_forward(numpy, x)
    numpy.testing.assert_array_equal(y, x.reshape(2, 3, 3, 2, 4, 2).max(axis=(3, 5)))
    grad_y = rng.standard_normal(y.shape).astype(numpy.float32)
    numpy.testing.assert_array_equal(numpy_floor.max_pool_2x2_backward(numpy, grad_y, choices),
                                     _reference_max_pool_grad(x, grad_y))


def test_floor_convolution_matches_direct_sum_and_its_adjoint():
    rng = numpy.random.default_rng(1)
    conv = numpy_floor.ConvFloor(numpy, rng, 3, 4, 3, pad=1)
    conv.bias[:] = rng.standard_normal(4)
    x = rng.standard_normal((2, 3, 5, 6)).astype(numpy.float32)
    y_cnhw, col = conv.forward(x.transpose(1, 0, 2, 3))

    padded = numpy.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    windows = sliding_window_view(padded, (3, 3), axis=(2, 3))  # n, c, h, w, i, j
    expected = numpy.einsum('nchwij,ocij->nohw', windows, conv.weight) + conv.bias[:, None, None]
    numpy.testing.assert_allclose(y_cnhw.transpose(1, 0, 2, 3), expected, rtol=1e-5, atol=1e-5)

    grad_y = rng.standard_normal(y_cnhw.shape).astype(numpy.float32)
    grad_w, grad_b, grad_x = conv.backward(grad_y, col, x.shape[2:])
    grad_y_nchw = grad_y.transpose(1, 0, 2, 3)
    numpy.testing.assert_allclose(
        grad_w, numpy.einsum('nohw,nchwij->ocij', grad_y_nchw, windows), rtol=1e-4, atol=1e-4)
    numpy.testing.assert_allclose(grad_b, grad_y_nchw.sum(axis=(0, 2, 3)), rtol=1e-5, atol=1e-5)
    # The input gradient is the adjoint of the (linear) map x -> conv(x) - b.
    direction = rng.standard_normal(x.shape).astype(numpy.float32)
    moved, _ = conv.forward(direction.transpose(1, 0, 2, 3))
    lhs = numpy.sum(grad_x.transpose(1, 0, 2, 3) * direction, dtype=numpy.float64)
    rhs = numpy.sum(grad_y * (moved - conv.bias[:, None, None, None]), dtype=numpy.float64)
    numpy.testing.assert_allclose(lhs, rhs, rtol=1e-4)


def test_floor_mlp_step_applies_the_loss_gradient():
    rng = numpy.random.default_rng(2)
    model = numpy_floor.MlpFloor(numpy, rng, (5, 4, 3), lr=1.0)
    linears = model.linears
    linears.weights = [w.astype(numpy.float64) for w in linears.weights]
    linears.biases = [rng.standard_normal(b.shape) for b in linears.biases]
    x = rng.standard_normal((6, 5))
    labels = numpy.array([0, 2, 1, 1, 0, 2])

    def loss_at(weight):
        saved = linears.weights[0]
        linears.weights[0] = weight
        loss, _ = numpy_floor.softmax_cross_entropy(numpy, linears.forward(x)[-1], labels)
        linears.weights[0] = saved
        return loss

    before = linears.weights[0].copy()
    numeric = numpy.zeros_like(before)
    for index in numpy.ndindex(before.shape):
        step = numpy.zeros_like(before)
        step[index] = 1e-6
        numeric[index] = (loss_at(before + step) - loss_at(before - step)) / 2e-6
    model.step(x, labels)
    numpy.testing.assert_allclose(before - linears.weights[0], numeric, rtol=1e-5, atol=1e-8)


def test_runner_quick_floor_only_writes_a_report(tmp_path):
    out = tmp_path / 'RESULTS.md'
    completed = subprocess.run(
        [sys.executable, '-m', 'benchmarks', '--quick', '--cases', 'mlp_small',
         '--frameworks', 'numpy', '--no-gpu', '--samples', '1', '--target-s', '0.001',
         '--max-wait', '0',
         '--out', str(out)],
        check=False, cwd=REPO_ROOT, capture_output=True, text=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    row = next(line for line in out.read_text().splitlines()
               if line.startswith('| MLP 784-100-100-10'))
    floor_cell = row.split('|')[3].split()  # value, then '†' when the CPU was busy
    assert float(floor_cell[0]) > 0


def test_report_merge_keeps_sections_written_by_hand():
    from benchmarks.report import BEGIN_MARK, END_MARK, merge_into

    hand_written = '## Data-parallel scaling\n\nnumbers\n'
    first = merge_into(hand_written, '# Benchmark results\n\nold\n')
    assert first.startswith(BEGIN_MARK) and first.endswith(hand_written)
    second = merge_into(first, '# Benchmark results\n\nnew\n')
    assert 'old' not in second and 'new' in second
    assert second.count(BEGIN_MARK) == 1 and second.count(END_MARK) == 1
    assert second.endswith(hand_written)
    assert merge_into('', 'x\n') == f'{BEGIN_MARK}\nx\n{END_MARK}\n'


def test_target_verdict_shows_the_spread_of_per_round_ratios():
    from benchmarks.cases import CASES_BY_NAME
    from benchmarks.report import _target_cells
    from benchmarks.runner import Measurement

    case = CASES_BY_NAME['chain_fwd_bwd']
    kusari = Measurement(values=[7.0, 9.0, 8.0], rounds=[7.0, 9.0, 8.0])
    torch = Measurement(values=[10.0, 10.0, 10.0], rounds=[10.0, 10.0, 10.0])
    cells = _target_cells(case, {'kusari': 8.0, 'torch': 10.0},
                          {'kusari': kusari, 'torch': torch})
    assert 'kusari / PyTorch CPU <= 0.8: met (per round 0.70–0.90)' in cells
    # one round gives no spread; a failed framework gives no per-round ratios
    single = Measurement(values=[12.0], rounds=[12.0])
    cells = _target_cells(case, {'kusari': 12.0, 'torch': 10.0},
                          {'kusari': single, 'torch': Measurement(rounds=[10.0])})
    assert 'kusari / PyTorch CPU <= 0.8: NOT met;' in cells + ';'
    assert 'per round' not in cells


def test_a_target_against_kusari_in_another_case():
    from benchmarks.cases import CASES_BY_NAME
    from benchmarks.report import _target_cells
    from benchmarks.runner import Measurement

    case = CASES_BY_NAME['cnn_bn_captured']
    captured = Measurement(values=[8.0, 9.0], rounds=[8.0, 9.0])
    define_by_run = Measurement(values=[10.0, 10.0], rounds=[10.0, 10.0])
    cells = _target_cells(case, {'kusari': 8.5}, {'kusari': captured},
                          {'cnn_bn': {'kusari': define_by_run}})
    assert cells == 'kusari / kusari in `cnn_bn` <= 1: met (per round 0.80–0.90)'
    assert _target_cells(case, {'kusari': 8.5}, {'kusari': captured}, {}).endswith(
        'not measured')
    assert CASES_BY_NAME['cnn_bn'].frameworks == ('kusari',)


def test_default_report_is_written_outside_the_checkout():
    from benchmarks.runner import parse_args

    out = os.path.abspath(parse_args([]).out)
    assert os.path.commonpath([out, REPO_ROOT]) != REPO_ROOT
    assert parse_args(['--out', 'benchmarks/RESULTS.md']).out == 'benchmarks/RESULTS.md'
