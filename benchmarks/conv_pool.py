"""Micro-benchmark: kusari's convolution_2d + max_pooling_2d against bare NumPy.

For each layer shape it times, alternating the implementations within one run:

* ``kusari``: ``F.max_pooling_2d(F.convolution_2d(x, W, b), 2)`` and its backward
  (gradients of W and b, and of x unless x is the network input);
* ``numpy``: the textbook bare-NumPy implementation written below: im2col into
  ``(N, C, kh, kw, out_h, out_w)`` columns, one GEMM (``tensordot``), col2im for the
  input gradient, and 2x2 max pooling through a reshape with argmax indices;
* ``torch`` (only when PyTorch is installed): ``conv2d`` + ``max_pool2d``, same shapes.

and prints the median and minimum of each and the ratio of medians to ``numpy``
(below 1: faster than bare NumPy). Run from the repository root::

    python benchmarks/conv_pool.py [--repeat 30] [--threads 2] [--cpu-time]

``--threads`` sets the BLAS thread count (before NumPy is imported);
``--cpu-time`` measures process CPU time instead of wall-clock time, which is
steadier on a machine that other jobs share (use it with ``--threads 1``).
"""

import argparse
import os
import sys

# (name, batch, in_channels, size, out_channels, ksize, pad, x needs its gradient)
CASES = (
    ('LeNet conv1 1x28x28 -> 20, 5x5', 64, 1, 28, 20, 5, 0, False),
    ('LeNet conv2 20x12x12 -> 50, 5x5', 64, 20, 12, 50, 5, 0, True),
    ('conv 16x32x32 -> 32, 3x3 pad 1', 32, 16, 32, 32, 3, 1, True),
)


def _parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeat', type=int, default=30, help='timed rounds per case')
    parser.add_argument('--threads', type=int, default=None, help='BLAS threads')
    parser.add_argument('--cpu-time', action='store_true',
                        help='measure process CPU time instead of wall-clock time')
    return parser.parse_args()


# --- bare NumPy: im2col + GEMM ---------------------------------------------------

def im2col(np, x, k, pad):
    """Columns ``(N, C, k, k, out_h, out_w)`` of a stride-1 convolution."""
    if pad:
        x = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    n, c, h, w = x.shape
    out_h, out_w = h - k + 1, w - k + 1
    col = np.empty((n, c, k, k, out_h, out_w), dtype=x.dtype)
    for i in range(k):
        for j in range(k):
            col[:, :, i, j] = x[:, :, i:i + out_h, j:j + out_w]
    return col


def col2im(np, col, pad, h, w):
    """Adds the columns back into an ``(N, C, h, w)`` image (the adjoint of im2col)."""
    n, c, k, _, out_h, out_w = col.shape
    img = np.zeros((n, c, h + 2 * pad, w + 2 * pad), dtype=col.dtype)
    for i in range(k):
        for j in range(k):
            img[:, :, i:i + out_h, j:j + out_w] += col[:, :, i, j]
    return img[:, :, pad:pad + h, pad:pad + w]


def numpy_step(np, x, W, b, pad, need_gx):
    """Forward and backward of conv + 2x2 max pooling; the output gradient is all ones."""
    k = W.shape[2]
    col = im2col(np, x, k, pad)
    y = np.tensordot(col, W, ((1, 2, 3), (1, 2, 3))).transpose(0, 3, 1, 2) + b[:, None, None]
    n, c, h, w = y.shape
    windows = y.reshape(n, c, h // 2, 2, w // 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(
        n, c, h // 2, w // 2, 4)
    index = windows.argmax(axis=-1)
    pooled = np.take_along_axis(windows, index[..., None], -1)[..., 0]

    grad_windows = np.zeros_like(windows)
    np.put_along_axis(grad_windows, index[..., None], np.ones_like(pooled)[..., None], -1)
    gy = grad_windows.reshape(n, c, h // 2, w // 2, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(
        y.shape)
    gW = np.tensordot(gy, col, ((0, 2, 3), (0, 4, 5)))
    gb = gy.sum(axis=(0, 2, 3))
    gx = None
    if need_gx:
        gcol = np.tensordot(W, gy, (0, 1))  # (C, k, k, N, out_h, out_w)
        gx = col2im(np, gcol.transpose(3, 0, 1, 2, 4, 5), pad, x.shape[2], x.shape[3])
    return pooled, gW, gb, gx


def numpy_forward(np, x, W, b, pad):
    col = im2col(np, x, W.shape[2], pad)
    y = np.tensordot(col, W, ((1, 2, 3), (1, 2, 3))).transpose(0, 3, 1, 2) + b[:, None, None]
    n, c, h, w = y.shape
    return y.reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


# --- the frameworks ----------------------------------------------------------------

def kusari_calls(np, x, W, b, pad, need_gx):
    import kusari
    import kusari.functions as F
    Wp, bp = kusari.Parameter(W), kusari.Parameter(b)

    def forward():
        with kusari.no_backprop_mode():
            return F.max_pooling_2d(F.convolution_2d(x, Wp, bp, pad=pad), 2)

    def step():
        xv = kusari.Variable(x, requires_grad=need_gx)
        Wp.cleargrad()
        bp.cleargrad()
        y = F.max_pooling_2d(F.convolution_2d(xv, Wp, bp, pad=pad), 2)
        y.grad = np.ones(y.shape, dtype=y.dtype)
        y.backward()
        return y
    return forward, step


def torch_calls(np, x, W, b, pad, need_gx):
    try:
        import torch
        from torch.nn import functional
    except ImportError:
        return None
    xt = torch.from_numpy(x)
    Wt = torch.from_numpy(W).requires_grad_()
    bt = torch.from_numpy(b).requires_grad_()

    def forward():
        with torch.no_grad():
            return functional.max_pool2d(functional.conv2d(xt, Wt, bt, padding=pad), 2)

    def step():
        xv = xt.detach().requires_grad_(need_gx)
        Wt.grad = bt.grad = None
        y = functional.max_pool2d(functional.conv2d(xv, Wt, bt, padding=pad), 2)
        y.backward(torch.ones_like(y))
        return y
    return forward, step


def measure(calls, repeat, clock):
    """Times each callable ``repeat`` times, alternating their order round by round."""
    names = list(calls)
    times = {name: [] for name in names}
    for fn in calls.values():  # warm-up
        fn()
        fn()
    for round_ in range(repeat):
        for name in (names if round_ % 2 == 0 else names[::-1]):
            start = clock()
            calls[name]()
            times[name].append(clock() - start)
    return times


def main():
    args = _parse_args()
    if args.threads is not None:
        for var in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS'):
            os.environ[var] = str(args.threads)
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import time

    import numpy as np
    if args.threads is not None:
        try:
            import torch
            torch.set_num_threads(args.threads)
        except ImportError:
            pass
    clock = time.process_time if args.cpu_time else time.perf_counter
    rng = np.random.default_rng(0)
    print('conv + 2x2 max pooling, float32; {} rounds; {} time; BLAS threads: {}'.format(
        args.repeat, 'CPU' if args.cpu_time else 'wall-clock',
        os.environ.get('OPENBLAS_NUM_THREADS', 'default')))
    print('{:34s} {:26s} {:>10s} {:>10s} {:>9s}'.format(
        'case', 'pass / implementation', 'median ms', 'min ms', 'vs numpy'))
    for name, n, c, size, o, k, pad, need_gx in CASES:
        x = rng.standard_normal((n, c, size, size)).astype(np.float32)
        W = (rng.standard_normal((o, c, k, k)) / np.sqrt(c * k * k)).astype(np.float32)
        b = rng.standard_normal(o).astype(np.float32)
        k_forward, k_step = kusari_calls(np, x, W, b, pad, need_gx)
        check = numpy_step(np, x, W, b, pad, need_gx)
        np.testing.assert_allclose(k_forward().array, check[0], rtol=1e-3, atol=1e-3)
        args_ = (np, x, W, b, pad)
        passes = {
            'forward': {'kusari': k_forward,
                        'numpy': lambda a=args_: numpy_forward(*a)},
            'forward+backward': {'kusari': k_step,
                                 'numpy': lambda a=args_, g=need_gx: numpy_step(*a, g)},
        }
        torch_fns = torch_calls(np, x, W, b, pad, need_gx)
        if torch_fns is not None:
            passes['forward']['torch'] = torch_fns[0]
            passes['forward+backward']['torch'] = torch_fns[1]
        for pass_name, calls in passes.items():
            times = measure(calls, args.repeat, clock)
            base = np.median(times['numpy'])
            for impl, t in times.items():
                print('{:34s} {:26s} {:10.3f} {:10.3f} {:9.2f}'.format(
                    name, '{} / {}'.format(pass_name, impl), np.median(t) * 1e3,
                    np.min(t) * 1e3, np.median(t) / base))
            name = ''


if __name__ == '__main__':
    main()
