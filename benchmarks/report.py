"""Markdown report (benchmarks/RESULTS.md) from one run's measurements."""

import statistics

from benchmarks.cases import CASES_BY_NAME, FRAMEWORK_TITLES, mlp_step_flops

ERROR_CELL_CHARS = 70
# The runner owns only the text between these lines; other sections of the file (other
# benchmarks' write-ups) are kept as they are.
BEGIN_MARK = '<!-- python -m benchmarks: begin (generated, do not edit) -->'
END_MARK = '<!-- python -m benchmarks: end -->'


def merge_into(previous, generated):
    """``previous`` file text with the runner's block replaced by ``generated`` (or, when
    it has none yet, with ``generated`` put first)."""
    block = f'{BEGIN_MARK}\n{generated.rstrip()}\n{END_MARK}\n'
    start, end = previous.find(BEGIN_MARK), previous.find(END_MARK)
    if start != -1 and end > start:
        return previous[:start] + block + previous[end + len(END_MARK):].lstrip('\n')
    rest = previous.strip('\n')
    return block + ('\n' + rest + '\n' if rest else '')


def _number(value):
    if value == 0 or abs(value) >= 100:
        return f'{value:.0f}'
    if abs(value) >= 10:
        return f'{value:.1f}'
    if abs(value) >= 1:
        return f'{value:.2f}'
    return f'{value:.3g}'


def format_stats(values):
    """``median (min–max)`` of ``values``, or the single value."""
    if len(values) == 1:
        return _number(values[0])
    return f'{_number(statistics.median(values))} ({_number(min(values))}–{_number(max(values))})'


def _median(measurement, statistic=statistics.median):
    """``statistic`` of the values (the median unless told), or None when there are none."""
    if measurement is None or measurement.error or not measurement.values:
        return None
    return statistic(measurement.values)


def _cell(measurement, missing, busy_threshold):
    if measurement is None:
        return missing
    if measurement.error:
        error = measurement.error.replace('|', '\\|').replace('\n', ' ')
        if len(error) > ERROR_CELL_CHARS:
            error = error[:ERROR_CELL_CHARS - 1] + '…'
        return f'error: {error}'
    contended = any(share > busy_threshold for share in measurement.background)
    return format_stats(measurement.values) + (' †' if contended else '')


def _ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return '–'
    return f'{numerator / denominator:.2f}'


def _round_ratios(measurements, numerator, denominator):
    """Ratios of the two frameworks' medians round by round (they ran close together
    in time, so a machine that changes speed between rounds affects both alike)."""
    top, bottom = measurements.get(numerator), measurements.get(denominator)
    if top is None or bottom is None or top.error or bottom.error:
        return []
    return [a / b for a, b in zip(top.rounds, bottom.rounds) if b]


def _target_cells(case, medians, measurements, results=None, statistic=statistics.median):
    """Verdict on each of the case's targets, from one summary value per framework,
    with the range of the per-round ratios when there are several rounds."""
    cells = []
    for target in case.targets:
        kusari = medians.get('kusari')
        if target.case:  # kusari in another case of the run
            others = (results or {}).get(target.case, {})
            other = _median(others.get(target.against), statistic)
            ratios = _round_ratios({'kusari': measurements.get('kusari'),
                                    'other': others.get(target.against)}, 'kusari', 'other')
        else:
            other = 1.0 if target.against == 'absolute' else medians.get(target.against)
            ratios = ([] if target.against == 'absolute'
                      else _round_ratios(measurements, 'kusari', target.against))
        if kusari is None or other is None:
            verdict = 'not measured'
        else:
            verdict = 'met' if kusari / other <= target.limit else 'NOT met'
            if len(ratios) > 1:
                verdict += f' (per round {min(ratios):.2f}–{max(ratios):.2f})'
        cells.append(f'{target.describe(case.unit)}: {verdict}')
    return '; '.join(cells) or '–'


def _case_note(case, params):
    if case.name == 'deep_mlp_memory':
        depth, width, batch = params['depth'], params['width'], params['batch']
        activations = depth * batch * width * 4 / 1e6
        gradients = depth * (width * width + width) * 4 / 1e6
        return (f'backward must keep {activations:.1f} MB of activations (each layer\'s input '
                f'and the output); parameter gradients add {gradients:.1f} MB')
    return ''


def _values_table(case_names, results, columns, args, titles=FRAMEWORK_TITLES):
    quick = args.quick
    lines = ['| case | unit | ' + ' | '.join(titles[name] for name in columns) + ' |',
             '| --- | --- |' + ' --- |' * len(columns)]
    notes = []
    for case_name in case_names:
        case = CASES_BY_NAME[case_name]
        cells = [_cell(results[case_name].get(name), 'n/a', args.busy_threshold)
                 for name in columns]
        lines.append(f'| {case.label(quick)} | {case.unit} | ' + ' | '.join(cells) + ' |')
        note = _case_note(case, case.resolved_params(quick))
        if note:
            notes.append(f'- {case.label(quick)}: {note}.')
    contended = [share for per_framework in (results[case] for case in case_names)
                 for measurement in per_framework.values() for share in measurement.background]
    if any(share > args.busy_threshold for share in contended):
        effect = ('the CPU clock leaves out the time spent waiting for a core, but shared '
                  'caches and memory bandwidth still slow it somewhat' if args.clock == 'cpu'
                  else 'treat it as noisy')
        notes.append(f'- †: at least one process of this cell started while other processes '
                     f'used more than {args.busy_threshold:.0%} of the CPU after waiting '
                     f'{args.max_wait:g} s for a quiet machine; {effect}.')
    if contended:
        notes.append(f'- CPU share used by other processes just before each worker started: '
                     f'median {statistics.median(contended):.0%}, max {max(contended):.0%}.')
    return lines + ([''] + notes if notes else [])


def _ratios_table(case_names, results, quick, statistic=statistics.median, with_targets=True):
    header = ('| case | kusari ÷ floor | kusari ÷ PyTorch | kusari ÷ Chainer | PyTorch ÷ floor '
              '| Chainer ÷ floor |')
    rule = '| --- | --- | --- | --- | --- | --- |'
    if with_targets:
        header += ' targets (issues 6, 31) |'
        rule += ' --- |'
    lines = [header, rule]
    for case_name in case_names:
        case = CASES_BY_NAME[case_name]
        medians = {name: _median(measurement, statistic)
                   for name, measurement in results[case_name].items()}
        row = [_ratio(medians.get('kusari'), medians.get('numpy')),
               _ratio(medians.get('kusari'), medians.get('torch')),
               _ratio(medians.get('kusari'), medians.get('chainer')),
               _ratio(medians.get('torch'), medians.get('numpy')),
               _ratio(medians.get('chainer'), medians.get('numpy'))]
        if with_targets:
            row.append(_target_cells(case, medians, results[case_name], results, statistic))
        lines.append(f'| {case.label(quick)} | ' + ' | '.join(row) + ' |')
    return lines


def _errors(case_names, results):
    lines = []
    for case_name in case_names:
        for name, measurement in results[case_name].items():
            if measurement.error:
                lines.append(f'- {case_name} / {name}: `{measurement.error}`')
    return lines


def _frameworks_section(frameworks):
    lines = []
    for framework in frameworks:
        title = FRAMEWORK_TITLES[framework.name]
        if framework.unavailable:
            lines.append(f'- **{title}**: not run: {framework.unavailable}')
            continue
        info = dict(framework.info)
        info.pop('executable', None)  # a path of the machine that ran it: not reported
        blas = info.pop('numpy BLAS', {})
        threads = info.pop('thread variables', {})
        details = ', '.join(f'{key} {value}' for key, value in info.items())
        blas_text = ', '.join(f'{key}: {value}' for key, value in blas.items() if value)
        thread_text = ', '.join(f'{key}={value}' for key, value in threads.items())
        lines.append(f'- **{title}**: {details}')
        lines.append(f'  - NumPy BLAS: {blas_text}')
        lines.append(f'  - worker environment: {thread_text}')
    return lines


GPU_TITLES = {'numpy': 'bare CuPy (floor)', 'kusari': 'kusari on CuPy', 'torch': 'PyTorch CUDA'}


def _gpu_section(gpu, args):
    quick = args.quick
    if 'skipped' in gpu:
        return [(f'Skipped: {gpu["skipped"]}. It runs when CuPy and an NVIDIA GPU are present: '
                 'the MLP and CNN steps on CuPy (floor and kusari) next to PyTorch CUDA, and the '
                 'share of the GPU\'s float32 matmul peak that the MLP step reaches.')]
    results = gpu['results']
    case_names = list(results)
    columns = [name for name in ('numpy', 'kusari', 'torch')
               if any(name in results[case] for case in case_names)]
    lines = [f'Device: {gpu["device"]}. The floor column is the bare-array floor run on CuPy.', '']
    lines += _values_table(case_names, results, columns, args, GPU_TITLES)
    lines += ['']
    peak_values = gpu['matmul_tflops']
    if not peak_values:
        lines.append(f'Matmul peak not measured: {gpu["matmul_error"]}')
        return lines
    peak = statistics.median(peak_values)
    lines.append(f'float32 CuPy matmul 8192x8192: {format_stats(peak_values)} TFLOP/s '
                 '(median used as the peak).')
    mlp = CASES_BY_NAME['gpu_mlp_large']
    params = mlp.resolved_params(quick)
    flops = mlp_step_flops(params['sizes'], params['batch'])
    for name, measurement in results.get('gpu_mlp_large', {}).items():
        median_ms = _median(measurement)
        if median_ms is not None:
            achieved = flops / (median_ms / 1e3) / 1e12
            lines.append(f'- MLP step, {GPU_TITLES[name]}: {achieved:.2f} TFLOP/s = '
                         f'{achieved / peak:.1%} of the matmul peak')
    return lines


def _method_lines(args, run_info):
    method = (
        f'- method: {args.repeat} round(s); in each round every case runs once per framework in '
        'a fresh process, frameworks in rotating order; a timing process does 2 warm-up calls, '
        f'then {args.samples} samples of about {args.target_s:g} s each (calls averaged within a '
        'sample). Cells are median (min–max) over all samples of all rounds; ratios are of '
        'medians; a target verdict also gives the range of its ratio round by round (the two '
        'frameworks ran seconds apart within a round), which shows how far the machine\'s '
        'speed changes move it. float32 throughout. Before each worker the runner waits (up to '
        f'{args.max_wait:g} s) until other processes use under {args.busy_threshold:.0%} of the '
        'CPU, as read from /proc/stat; cells marked † still started on a busier machine.')
    clock = ('- clock: wall time (time.perf_counter)' if args.clock == 'wall' else
             '- clock: CPU time of the worker process (time.process_time) with one thread per '
             'library, i.e. the time the work takes on a core of its own, whatever else the '
             'machine runs; the GPU section still uses wall time')
    threads = '- threads: ' + (
        "each library's default (no thread variable set by the runner)"
        if args.threads is None else f'{args.threads} (OMP/OPENBLAS/MKL_NUM_THREADS)')
    runner_values = ', '.join(f'{name}={run_info["runner thread variables"][name]}'
                              for name in ('OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE'))
    policy = ('kept for every worker (--keep-openblas-env)' if args.keep_openblas_env else
              'both unset for the NumPy >= 2 workers (floor, kusari, PyTorch) so their OpenBLAS '
              'picks its own kernel, kept for the Chainer worker (NumPy 1.26, older OpenBLAS). '
              'The kernel each worker ran is listed below.')
    openblas = ("- OpenBLAS CPU variables (OPENBLAS_CORETYPE, OPENBLAS_L2_SIZE) in the runner's "
                f'environment: {runner_values}; {policy}')
    memory = ("- memory cases: `peak RSS` is the process's ru_maxrss after the steps; the "
              'deep-MLP case resets VmHWM (/proc/self/clear_refs) after set-up and a tiny '
              'warm-up and reports the growth of VmHWM over VmRSS during one forward + backward, '
              'with MALLOC_MMAP_THRESHOLD_=65536 so that freed arrays leave RSS at once.')
    return [method, clock, threads, openblas, memory]


def render(args, run_info, frameworks, case_names, results, gpu):
    """The whole RESULTS.md text."""
    columns = [framework.name for framework in frameworks]
    machine = run_info['machine']
    lines = [
        '# Benchmark results',
        '',
        ('Generated by `python -m benchmarks` (see `benchmarks/README.md`) down to the end '
         'marker; sections after it are written by hand and kept by the runner.'),
        '',
        '## Run',
        '',
    ]
    for key, value in run_info.items():
        if key in ('machine', 'runner thread variables'):
            continue
        lines.append(f'- {key}: `{value}`' if key == 'command' else f'- {key}: {value}')
    lines += [f'- {key}: {value}' for key, value in machine.items()]
    lines += _method_lines(args, run_info)
    if args.env:
        lines.append('- extra worker environment: ' + ', '.join(f'`{item}`' for item in args.env))
    lines += ['', '## Frameworks', ''] + _frameworks_section(frameworks)
    lines += ['', '## Results (CPU)', ''] + _values_table(case_names, results, columns, args)
    lines += ['', '## Ratios (of medians; below 1 means kusari is faster / smaller)', '']
    lines += _ratios_table(case_names, results, args.quick)
    lines += ['', '## Ratios of minimums', '',
              ('Another process on the machine only ever adds time, so the fastest sample is '
               'the least disturbed one; where the medians above carry a † these ratios are the '
               'steadier reading.'), '']
    lines += _ratios_table(case_names, results, args.quick, statistic=min)
    errors = _errors(case_names, results)
    if errors:
        lines += ['', '## Errors', ''] + errors
    lines += ['', '## GPU', ''] + _gpu_section(gpu, args)
    return '\n'.join(lines) + '\n'
