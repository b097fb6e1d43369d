"""One run on a machine with an NVIDIA GPU and CuPy: kusari's GPU tests and GPU benchmarks.

    python -m benchmarks.gpu_check                   # everything, within 8 minutes
    python -m benchmarks.gpu_check --out /tmp/g.json  # where the results go
    python -m benchmarks.gpu_check --dry-run         # print the plan, run nothing

Steps, each with its own time limit (the sum stays under 8 minutes):

1. ``probe`` (20 s): CuPy's version, the GPU's name and memory, PyTorch CUDA if installed;
   without a usable GPU the run stops here (exit status 2) with the reason in the results.
2. ``tests`` (240 s): ``pytest -m gpu tests`` on the real GPU: the GPU-marked tests and
   ``tests/gpu``'s device tests on device ``@cupy:0``, DLPack (``tests/test_dlpack.py``)
   and the PyTorch bridge through CuPy (``tests/interop``, with a CUDA build of PyTorch).
3. ``benchmarks`` (150 s): ``python -m benchmarks --quick`` restricted to the GPU section
   (MLP 784-1000-1000-10 and the LeNet CNN, SGD steps on CuPy floor, kusari and PyTorch
   CUDA when installed, plus a big matmul's TFLOP/s).
4. ``per_op`` (60 s): per-op overhead, a chain of ``F.tanh`` on a 4x4 GPU array, forward
   and backward, in microseconds per op, next to the same chain in PyTorch CUDA.

The results (JSON: each step's status, seconds, summary and output tail) go to ``--out``
(default ``gpu_check_results.json`` in the temporary directory); a short summary is
printed. Exit status 0 when every step passed, 1 when one failed, 2 without a GPU.
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET_S = 480
LIMITS_S = {'probe': 20, 'tests': 240, 'benchmarks': 150, 'per_op': 60}
TAIL_CHARS = 6000

PROBE = '''
import json, cupy
n = cupy.cuda.runtime.getDeviceCount()
assert n > 0, "no GPU"
p = cupy.cuda.runtime.getDeviceProperties(0)
info = {"cupy": cupy.__version__, "devices": n, "name": p["name"].decode(),
        "memory_gib": round(p["totalGlobalMem"] / 2 ** 30, 1)}
try:
    import torch
    info["torch"] = torch.__version__ if torch.cuda.is_available() else None
except ImportError:
    info["torch"] = None
print("PROBE " + json.dumps(info))
'''


def plan(args):
    """The steps as (name, command, time limit)."""
    python = sys.executable
    tests = [python, '-m', 'pytest', '-q', '-m', 'gpu', '--slow=all', 'tests']
    benchmarks = [python, '-m', 'benchmarks', '--quick', '--no-chainer', '--cases',
                  'chain_fwd_bwd', '--frameworks', 'numpy', 'kusari', 'torch',
                  '--out', args.out + '.benchmarks.md', '--json', args.out + '.benchmarks.json',
                  '--max-wait', '0', '--timeout', '100']
    per_op = [python, '-m', 'benchmarks.gpu_check', '--per-op-only', '--ops', str(args.ops)]
    return [('probe', [python, '-c', PROBE], LIMITS_S['probe']),
            ('tests', tests, LIMITS_S['tests']),
            ('benchmarks', benchmarks, LIMITS_S['benchmarks']),
            ('per_op', per_op, LIMITS_S['per_op'])]


def run_step(name, command, limit):
    started = time.time()
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=limit)
        status = 'passed' if done.returncode == 0 else 'failed (exit {})'.format(done.returncode)
        output = done.stdout + done.stderr
    except subprocess.TimeoutExpired as error:
        status = 'timed out after {} s'.format(limit)
        output = _text(error.stdout) + _text(error.stderr)
    return {'step': name, 'status': status, 'seconds': round(time.time() - started, 1),
            'summary': _summary(name, output), 'output_tail': output[-TAIL_CHARS:]}


def _text(data):
    if data is None:
        return ''
    return data.decode(errors='replace') if isinstance(data, bytes) else data


def _summary(name, output):
    lines = [line for line in output.splitlines() if line.strip()]
    if name == 'probe':
        return next((json.loads(line[6:]) for line in lines if line.startswith('PROBE ')),
                    lines[-1] if lines else '')
    if name == 'tests':  # pytest's last line: "N passed, M skipped in Ts"
        return lines[-1] if lines else ''
    if name == 'per_op':
        return next((json.loads(line[7:]) for line in lines if line.startswith('PER_OP ')),
                    lines[-1] if lines else '')
    return next((line for line in reversed(lines) if 'RESULTS' in line or '.md' in line),
                lines[-1] if lines else '')


def per_op(ops, seconds=5.0):
    """Microseconds per op of a chain of ``ops`` tanh, forward and backward, on GPU 0."""
    import cupy

    import kusari
    import kusari.functions as F
    x0 = cupy.random.uniform(-1, 1, (4, 4)).astype(cupy.float32)

    def kusari_chain():
        x = kusari.Variable(x0)
        h = x
        for _ in range(ops):
            h = F.tanh(h)
        h.grad = cupy.ones_like(h.array)
        h.backward()
        cupy.cuda.Device().synchronize()

    results = {'ops': ops, 'kusari_us_per_op': _time_per_op(kusari_chain, ops, seconds)}
    try:
        import torch
        if torch.cuda.is_available():
            t0 = torch.as_tensor(cupy.asnumpy(x0), device='cuda:0')

            def torch_chain():
                x = t0.clone().requires_grad_(True)
                h = x
                for _ in range(ops):
                    h = torch.tanh(h)
                h.backward(torch.ones_like(h))
                torch.cuda.synchronize()
            results['torch_us_per_op'] = _time_per_op(torch_chain, ops, seconds)
    except ImportError:
        pass
    if 'torch_us_per_op' in results:
        results['kusari_over_torch'] = round(
            results['kusari_us_per_op'] / results['torch_us_per_op'], 2)
    return results


def _time_per_op(chain, ops, seconds):
    chain()  # warm-up: kernel compilation, memory pool
    samples = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(samples) < 3:
        started = time.perf_counter()
        chain()
        samples.append((time.perf_counter() - started) / ops * 1e6)
    samples.sort()
    return round(samples[len(samples) // 2], 2)


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog='python -m benchmarks.gpu_check',
        description="kusari's GPU tests and GPU benchmarks on a real NVIDIA GPU (under 8 min)")
    parser.add_argument('--out', default=os.path.join(tempfile.gettempdir(),
                                                      'gpu_check_results.json'),
                        help='results file (JSON; the benchmark report goes beside it)')
    parser.add_argument('--steps', nargs='+', choices=tuple(LIMITS_S), default=tuple(LIMITS_S),
                        help='steps to run (default: all; probe always runs first)')
    parser.add_argument('--ops', type=int, default=200, help='tanh ops in the per-op chain')
    parser.add_argument('--dry-run', action='store_true', help='print the plan, run nothing')
    parser.add_argument('--per-op-only', action='store_true', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    args.out = os.path.abspath(args.out)
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.per_op_only:
        print('PER_OP ' + json.dumps(per_op(args.ops)), flush=True)
        return 0
    steps = [step for step in plan(args) if step[0] == 'probe' or step[0] in args.steps]
    assert sum(limit for _, _, limit in steps) <= BUDGET_S
    if args.dry_run:
        for name, command, limit in steps:
            shown = ' '.join(command) if name != 'probe' else command[0] + ' -c <CuPy probe>'
            print('{:<11} {:>4} s  {}'.format(name, limit, shown))
        print('results -> {}'.format(args.out))
        return 0
    report = {'started': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime()),
              'python': platform.python_version(), 'steps': []}
    status = 0
    for name, command, limit in steps:
        print('{}: running (limit {} s)'.format(name, limit), flush=True)
        result = run_step(name, command, limit)
        report['steps'].append(result)
        print('{}: {} in {} s: {}'.format(name, result['status'], result['seconds'],
                                          result['summary']), flush=True)
        _write(args.out, report)
        if result['status'] != 'passed':
            if name == 'probe':
                print('no usable GPU: stopping (see {})'.format(args.out))
                return 2
            status = 1
    print('results -> {}'.format(args.out))
    return status


def _write(path, report):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as file:
        json.dump(report, file, indent=1)


if __name__ == '__main__':
    sys.exit(main())
