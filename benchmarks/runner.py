"""Runs every case for every framework in fresh worker processes and writes the report.

Frameworks alternate within each round (the order rotates per round and case), so
slow drifts of the machine spread over all columns instead of biasing one.
"""

import argparse
import dataclasses
import datetime
import importlib.util
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

from benchmarks import environment, report
from benchmarks.cases import CASES_BY_NAME, CPU_CASE_NAMES, GPU_CASE_NAMES
from benchmarks.worker import RESULT_PREFIX

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Outside the checkout, so that a trial run never overwrites the committed benchmarks/RESULTS.md;
# refreshing that file takes an explicit --out benchmarks/RESULTS.md.
DEFAULT_OUT = os.path.join(tempfile.gettempdir(), 'kusari-benchmarks', 'RESULTS.md')
# The Chainer 7.8.1 interpreter when --chainer-python is not given (the tests read it too).
DEFAULT_CHAINER_PYTHON = os.environ.get('KUSARI_CHAINER_PYTHON', '')
OPENBLAS_CPU_VARIABLES = ('OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE')
# Large arrays are mmap-ed and unmapped on free, so RSS follows live memory exactly.
MEMORY_CASE_ENV = {'MALLOC_MMAP_THRESHOLD_': '65536'}


@dataclasses.dataclass
class Framework:
    """A column of the report: which interpreter runs its workers, and with what env."""

    name: str
    python: str
    env: dict
    unavailable: str = ''  # why the column is empty, when it is
    info: dict = dataclasses.field(default_factory=dict)


@dataclasses.dataclass
class Measurement:
    """All values of one (case, framework) pair over the run, or the error that stopped it.

    ``background`` holds, per worker process, the share of the machine's CPU time that
    other processes used just before it started (see :func:`wait_for_quiet_cpu`);
    ``rounds`` the median of each round's values, for ratios between frameworks that
    ran close together in time.
    """

    values: list = dataclasses.field(default_factory=list)
    error: str = ''
    background: list = dataclasses.field(default_factory=list)
    rounds: list = dataclasses.field(default_factory=list)


def cpu_busy_share(interval_s=0.25):
    """Share (0..1) of all cores' time spent busy over ``interval_s``, from /proc/stat."""

    def read():
        with open('/proc/stat') as stat:
            fields = [int(value) for value in stat.readline().split()[1:9]]  # to steal
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
        return sum(fields) - idle, sum(fields)

    try:
        busy_before, total_before = read()
        time.sleep(interval_s)
        busy_after, total_after = read()
    except (OSError, ValueError, IndexError):
        return 0.0
    return (busy_after - busy_before) / max(total_after - total_before, 1)


def wait_for_quiet_cpu(threshold, max_wait_s):
    """Waits (at most ``max_wait_s``) until other processes use under ``threshold`` of
    the CPU, so a measurement doesn't share cores; returns the last share seen."""
    deadline = time.monotonic() + max_wait_s
    share = cpu_busy_share()
    while share > threshold and time.monotonic() < deadline:
        time.sleep(0.75)
        share = cpu_busy_share()
    return share


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog='python -m benchmarks',
        description='Benchmark kusari against a bare-NumPy floor, PyTorch and Chainer 7.8.1.')
    parser.add_argument('--chainer-python', default=None,
                        help='interpreter of the Chainer 7.8.1 virtual environment (default: '
                             '$KUSARI_CHAINER_PYTHON if set, else Chainer is skipped)')
    parser.add_argument('--no-chainer', action='store_true', help='skip the Chainer column')
    parser.add_argument('--no-torch', action='store_true', help='skip the PyTorch column')
    parser.add_argument('--quick', action='store_true',
                        help='one round, few short samples, smaller memory cases')
    parser.add_argument('--cases', nargs='+', choices=CPU_CASE_NAMES, default=None,
                        metavar='CASE', help='CPU cases to run (default: all): '
                                             + ', '.join(CPU_CASE_NAMES))
    parser.add_argument('--frameworks', nargs='+', choices=('numpy', 'kusari', 'chainer', 'torch'),
                        default=None, help='columns to run (default: all available)')
    parser.add_argument('--repeat', type=int, default=None,
                        help='rounds of fresh processes per case and framework (default 3, 1 with '
                             '--quick)')
    parser.add_argument('--samples', type=int, default=None,
                        help='timed samples per process (default 5, 3 with --quick)')
    parser.add_argument('--target-s', type=float, default=None,
                        help='seconds one timed sample lasts (default 0.2, 0.02 with --quick)')
    parser.add_argument('--threads', type=int, default=None,
                        help='set OMP/OPENBLAS/MKL_NUM_THREADS in every worker')
    parser.add_argument('--clock', choices=('wall', 'cpu'), default='wall',
                        help='wall time (default), or each worker\'s CPU time, which other '
                             'processes on the machine barely disturb; cpu needs --threads 1')
    parser.add_argument('--keep-openblas-env', action='store_true',
                        help='keep OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE for NumPy >= 2 workers '
                             '(by default both are unset there; see RESULTS.md)')
    parser.add_argument('--env', nargs='+', default=(), metavar='NAME=VALUE',
                        help='extra environment variables for every worker')
    parser.add_argument('--no-gpu', action='store_true', help='skip the GPU section')
    parser.add_argument('--busy-threshold', type=float, default=0.25,
                        help='before each worker, wait while other processes use more than this '
                             'share of all cores (default 0.25)')
    parser.add_argument('--max-wait', type=float, default=30.0,
                        help='longest wait in seconds for a quiet CPU before measuring anyway '
                             '(default 30; 0 disables waiting)')
    parser.add_argument('--timeout', type=float, default=600.0,
                        help='seconds before a worker is stopped and counted as an error')
    parser.add_argument('--out', default=DEFAULT_OUT,
                        help=f'report to write (default: {DEFAULT_OUT}; pass '
                             '--out benchmarks/RESULTS.md to refresh the committed report)')
    parser.add_argument('--json', default=None, help='also write all raw values to this file')
    args = parser.parse_args(argv)
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.samples is None:
        args.samples = 3 if args.quick else 5
    if args.target_s is None:
        args.target_s = 0.02 if args.quick else 0.2
    if args.repeat < 1 or args.samples < 1:
        parser.error(f'--repeat and --samples must be >= 1, got {args.repeat} and {args.samples}')
    if args.clock == 'cpu' and args.threads != 1:
        parser.error('--clock cpu sums the CPU time of all threads: it needs --threads 1')
    for item in args.env:
        if '=' not in item:
            parser.error(f'--env expects NAME=VALUE, got {item!r}')
    return args


def worker_env(args, framework_name):
    """Environment of a worker: this one, with the run's thread and BLAS settings."""
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
    # NumPy >= 2's OpenBLAS runs slower under these; Chainer's NumPy 1.26 ships an older
    # OpenBLAS, which they exist to keep correct, so they stay for it.
    if not args.keep_openblas_env and framework_name != 'chainer':
        for name in OPENBLAS_CPU_VARIABLES:
            env.pop(name, None)
    if args.threads is not None:
        for name in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'):
            env[name] = str(args.threads)
    env.update(item.split('=', 1) for item in args.env)
    return env


def call_worker(framework, worker_args, timeout, extra_env=None):
    """Runs ``python -m benchmarks.worker`` and returns its parsed result dict."""
    command = [framework.python, '-m', 'benchmarks.worker', '--framework', framework.name,
               *worker_args]
    env = dict(framework.env, **(extra_env or {}))
    try:
        completed = subprocess.run(command, check=False, cwd=REPO_ROOT, env=env,
                                   capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {'ok': False, 'error': f'timed out after {timeout:g} s'}
    for line in reversed(completed.stdout.splitlines()):
        if line.startswith(RESULT_PREFIX):
            return json.loads(line[len(RESULT_PREFIX):])
    last_lines = (completed.stderr.strip().splitlines() or ['(no output)'])[-1]
    return {'ok': False, 'error': f'worker exited with {completed.returncode}: {last_lines}'}


def discover_frameworks(args):
    """The report's columns, each with its interpreter, or the reason it is missing."""
    chainer_python = args.chainer_python
    if chainer_python is None and DEFAULT_CHAINER_PYTHON and os.path.exists(
            DEFAULT_CHAINER_PYTHON):
        chainer_python = DEFAULT_CHAINER_PYTHON
    candidates = [
        ('numpy', sys.executable, ''),
        ('kusari', sys.executable,
         '' if importlib.util.find_spec('kusari') else 'kusari is not importable'),
        ('chainer', chainer_python or '',
         'skipped (--no-chainer)' if args.no_chainer else
         '' if chainer_python else 'no Chainer interpreter (pass --chainer-python '
                                   'or set KUSARI_CHAINER_PYTHON)'),
        ('torch', sys.executable,
         'skipped (--no-torch)' if args.no_torch else
         '' if importlib.util.find_spec('torch') else 'torch is not installed'),
    ]
    frameworks = []
    for name, python, unavailable in candidates:
        if args.frameworks is not None and name not in args.frameworks:
            continue
        framework = Framework(name, python, worker_env(args, name), unavailable)
        if not framework.unavailable:
            result = call_worker(framework, ['--info'], timeout=120)
            if result['ok']:
                framework.info = result['info']
            else:
                framework.unavailable = f"import failed: {result['error']}"
        frameworks.append(framework)
    return frameworks


def rotated(items, shift):
    shift %= max(len(items), 1)
    return items[shift:] + items[:shift]


def run_cases(args, case_names, frameworks, log):
    """Runs ``args.repeat`` rounds; returns ``{case: {framework: Measurement}}``."""
    available = [framework for framework in frameworks if not framework.unavailable]
    results = {case: {framework.name: Measurement() for framework in available
                      if framework.name in CASES_BY_NAME[case].frameworks}
               for case in case_names}
    for round_index in range(args.repeat):
        for case_index, case_name in enumerate(case_names):
            case = CASES_BY_NAME[case_name]
            extra_env = MEMORY_CASE_ENV if case.name == 'deep_mlp_memory' else None
            for framework in rotated(available, round_index + case_index):
                measurement = results[case_name].get(framework.name)
                if measurement is None:
                    continue  # a case this framework does not have
                if measurement.error:
                    continue  # it failed in an earlier round: don't pay for it again
                worker_args = ['--case', case_name, '--samples', str(args.samples),
                               '--target-s', str(args.target_s), '--clock', args.clock]
                if args.quick:
                    worker_args.append('--quick')
                round_values = []
                for _ in range(case.processes_per_round):
                    measurement.background.append(
                        wait_for_quiet_cpu(args.busy_threshold, args.max_wait))
                    result = call_worker(framework, worker_args, args.timeout, extra_env)
                    if not result['ok']:
                        measurement.error = result['error']
                        break
                    round_values += result['values']
                measurement.values += round_values
                if round_values:
                    measurement.rounds.append(statistics.median(round_values))
                status = measurement.error or report.format_stats(measurement.values)
                log(f'[round {round_index + 1}/{args.repeat}] {case_name:16s} '
                    f'{framework.name:8s} {status}')
    return results


def gpu_available(python, env):
    """Returns ``(True, description)`` when CuPy sees a GPU, else ``(False, reason)``."""
    probe = ('import cupy; n = cupy.cuda.runtime.getDeviceCount(); assert n > 0, "no GPU"; '
             'p = cupy.cuda.runtime.getDeviceProperties(0); '
             'print(p["name"].decode() if isinstance(p["name"], bytes) else p["name"])')
    try:
        completed = subprocess.run([python, '-c', probe], check=False, cwd=REPO_ROOT, env=env,
                                   capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return False, 'probing CuPy timed out'
    if completed.returncode != 0:
        lines = completed.stderr.strip().splitlines() or ['(no output)']
        return False, f'CuPy or a GPU is not available ({lines[-1]})'
    return True, completed.stdout.strip()


def run_gpu_section(args, frameworks, log):
    """GPU cases on CuPy (floor, kusari) and CUDA PyTorch, and the matmul peak."""
    host = Framework('numpy', sys.executable, worker_env(args, 'numpy'))
    ok, description = gpu_available(host.python, host.env)
    if not ok:
        log(f'GPU section skipped: {description}')
        return {'skipped': description}
    gpu_frameworks = [framework for framework in frameworks
                      if framework.name in ('numpy', 'kusari', 'torch')
                      and not framework.unavailable]
    results = run_cases(args, list(GPU_CASE_NAMES), gpu_frameworks, log)
    peak = call_worker(host, ['--gpu-peak', '--samples', str(args.samples)], args.timeout)
    return {'device': description, 'results': results,
            'matmul_tflops': peak.get('values', []), 'matmul_error': peak.get('error', '')}


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)

    def log(message):
        print(message, file=sys.stderr, flush=True)

    started = time.time()
    started_at = datetime.datetime.now().astimezone().isoformat(timespec='seconds')
    commit_at_start = _git_commit()  # the tree may change during a long run
    load_before = os.getloadavg()
    frameworks = discover_frameworks(args)
    for framework in frameworks:
        log(f'{framework.name}: {framework.unavailable or "ready"}')
    case_names = list(args.cases or CPU_CASE_NAMES)
    results = run_cases(args, case_names, frameworks, log)
    gpu = {'skipped': 'disabled with --no-gpu'} if args.no_gpu else run_gpu_section(
        args, frameworks, log)
    run_info = {
        'command': 'python -m benchmarks ' + shlex.join(sys.argv[1:] if argv is None else argv),
        'started': started_at,
        'wall time': f'{time.time() - started:.0f} s',
        'load average before / after (1, 5, 15 min)': ' / '.join(
            ', '.join(f'{load:.2f}' for load in loads) for loads in (load_before, os.getloadavg())),
        'machine': environment.machine(),
        'runner thread variables': environment.thread_variables(),
        'git commit at start': commit_at_start,
    }
    text = report.render(args, run_info, frameworks, case_names, results, gpu)
    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    previous = ''
    if os.path.exists(out):
        with open(out) as stream:
            previous = stream.read()
    with open(out, 'w') as stream:
        stream.write(report.merge_into(previous, text))
    log(f'wrote {out}')
    if args.json:
        raw = {case: {name: dataclasses.asdict(m) for name, m in per_fw.items()}
               for case, per_fw in results.items()}
        with open(args.json, 'w') as stream:
            json.dump({'run': run_info, 'results': raw}, stream, indent=1, default=str)
    return 0


def _git_commit():
    """HEAD's short hash, and how many files of kusari/ differ from it (measured as is)."""
    try:
        head = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], check=False,
                              cwd=REPO_ROOT, capture_output=True, text=True, timeout=10)
        status = subprocess.run(['git', 'status', '--porcelain', '--', 'kusari'], check=False,
                                cwd=REPO_ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return 'unknown'
    changed = len(status.stdout.splitlines())
    dirty = f' (kusari/ measured with {changed} uncommitted file change(s))' if changed else ''
    return (head.stdout.strip() or 'unknown') + dirty
