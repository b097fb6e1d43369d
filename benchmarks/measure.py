"""Timing and memory probes used inside a worker process (standard library only)."""

import gc
import math
import resource
import time


def time_step(step, n_samples, target_s, sync=None, max_iterations=10_000,
              clock=time.perf_counter):
    """Times ``step()`` and returns seconds per call, one value per sample.

    Two warm-up calls come first; the first one also sizes how many calls a sample
    averages over so that a sample lasts about ``target_s``.

    Args:
        step: callable doing one unit of work.
        n_samples: number of samples to return.
        target_s: wanted duration of one sample, in seconds.
        sync: callable run before reading the clock (a GPU synchronisation), or None.
        max_iterations: cap on calls per sample.
        clock: ``time.perf_counter`` (wall time) or ``time.process_time`` (CPU time of
            this process: with one thread, the wall time it would take on an idle core).
    """
    sync = sync or (lambda: None)
    start = clock()
    step()
    sync()
    one_call = clock() - start
    step()
    sync()
    iterations = max(1, min(max_iterations, math.ceil(target_s / max(one_call, 1e-9))))
    samples = []
    for _ in range(n_samples):
        gc.collect()
        start = clock()
        for _ in range(iterations):
            step()
        sync()
        samples.append((clock() - start) / iterations)
    return samples


def peak_rss_mb():
    """Peak resident set size of this process so far, in MB (10**6 bytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6


def _status_kib(field):
    with open('/proc/self/status') as status:
        for line in status:
            if line.startswith(field + ':'):
                return int(line.split()[1])
    raise OSError(f'{field} missing from /proc/self/status')


def reset_peak_rss():
    """Resets the kernel's peak-RSS mark (VmHWM) of this process.

    Returns:
        True when the mark was reset (Linux >= 4.0), False when it cannot be.
    """
    try:
        with open('/proc/self/clear_refs', 'w') as clear_refs:
            clear_refs.write('5')
        return True
    except OSError:
        return False


def current_and_peak_rss_mb():
    """Returns ``(VmRSS, VmHWM)`` of this process in MB, from /proc/self/status."""
    return _status_kib('VmRSS') * 1024 / 1e6, _status_kib('VmHWM') * 1024 / 1e6


def peak_growth_mb(run):
    """Peak RSS growth (MB) while ``run()`` executes, above the RSS just before it.

    Uses VmHWM after resetting it, so earlier peaks (imports, set-up) don't count.
    """
    gc.collect()
    if not reset_peak_rss():
        raise OSError('peak_growth_mb: cannot reset VmHWM through /proc/self/clear_refs')
    before, _ = current_and_peak_rss_mb()
    run()
    _, peak = current_and_peak_rss_mb()
    return peak - before
