"""One measurement in a fresh process: ``python -m benchmarks.worker ...``.

Prints one line ``BENCHMARK_RESULT <json>`` on stdout: ``{"ok": true, "values": [...]}``
or ``{"ok": false, "error": "..."}`` (the traceback goes to stderr). Only the
standard library is imported before the measured framework, so the ``import`` case
times the framework's import alone.
"""

import argparse
import importlib
import json
import sys
import time
import traceback

from benchmarks.cases import CASES_BY_NAME, IMPORT_MODULES

RESULT_PREFIX = 'BENCHMARK_RESULT '


def _case_module_and_api(framework, device):
    if framework == 'numpy':
        from benchmarks import floor_cases
        return floor_cases, floor_cases.FloorApi(device)
    if framework in ('kusari', 'chainer'):
        from benchmarks import chainer_api_cases
        return chainer_api_cases, chainer_api_cases.ChainerApi(framework, device)
    if framework == 'torch':
        from benchmarks import torch_cases
        return torch_cases, torch_cases.TorchApi(device)
    raise ValueError(f'worker: unknown framework {framework!r}')


def run_case(framework, case_name, quick, samples, target_s, clock_name='wall'):
    """Measures one case and returns the values in the case's unit.

    ``clock_name`` is ``'wall'`` or ``'cpu'`` (this process's CPU time; GPU cases always
    use wall time).
    """
    case = CASES_BY_NAME[case_name]
    params = case.resolved_params(quick)
    clock = time.process_time if clock_name == 'cpu' and not case.gpu else time.perf_counter
    if case.kind == 'import':
        start = clock()
        importlib.import_module(IMPORT_MODULES[framework])
        return [clock() - start]
    module, api = _case_module_and_api(framework, 'gpu' if case.gpu else None)
    if case.kind == 'memory':
        return [module.MEMORY_CASES[case_name](api, params)]
    from benchmarks import measure
    step = module.TIME_CASES[case_name](api, params)
    seconds = measure.time_step(step, samples, target_s, sync=api.sync, clock=clock)
    per_unit = case.scale / params.get('n_ops', 1)
    return [value * per_unit for value in seconds]


def gpu_matmul_tflops(samples, size=8192):
    """TFLOP/s of a float32 ``size x size`` CuPy matmul: the GPU's practical peak."""
    import cupy

    from benchmarks import measure
    rng = cupy.random.default_rng(0)
    a = rng.standard_normal((size, size), dtype=cupy.float32)
    b = rng.standard_normal((size, size), dtype=cupy.float32)
    seconds = measure.time_step(lambda: a @ b, samples, 0.2,
                                sync=cupy.cuda.Stream.null.synchronize)
    return [2 * size**3 / value / 1e12 for value in seconds]


def _emit(payload):
    sys.stdout.write(RESULT_PREFIX + json.dumps(payload) + '\n')
    sys.stdout.flush()


def main(argv=None):
    parser = argparse.ArgumentParser(prog='python -m benchmarks.worker')
    parser.add_argument('--framework', choices=sorted(IMPORT_MODULES), default='numpy')
    parser.add_argument('--case', choices=sorted(CASES_BY_NAME))
    parser.add_argument('--info', action='store_true', help='report versions, BLAS and threads')
    parser.add_argument('--gpu-peak', action='store_true', help='time a big CuPy matmul')
    parser.add_argument('--quick', action='store_true')
    parser.add_argument('--samples', type=int, default=5)
    parser.add_argument('--target-s', type=float, default=0.1)
    parser.add_argument('--clock', choices=('wall', 'cpu'), default='wall')
    args = parser.parse_args(argv)
    try:
        if args.info:
            from benchmarks import environment
            _emit({'ok': True, 'info': environment.worker(args.framework)})
        elif args.gpu_peak:
            _emit({'ok': True, 'values': gpu_matmul_tflops(args.samples)})
        elif args.case:
            _emit({'ok': True,
                   'values': run_case(args.framework, args.case, args.quick, args.samples,
                                      args.target_s, args.clock)})
        else:
            parser.error('one of --case, --info or --gpu-peak is required')
    except Exception as error:  # noqa: BLE001 - any failure of the measured framework is a result
        traceback.print_exc()
        _emit({'ok': False, 'error': f'{type(error).__name__}: {error}'})
        return 1
    return 0


if __name__ == '__main__':
    raise SystemExit(main())
