"""What the profiling hooks share: a clock for nested intervals, per-name summaries and
the report table."""

import collections
import sys
import time

import numpy


class _Clock:
    """Times nested intervals (a function run inside another's backward, a link inside
    its parent's forward); only the outermost ones add to the total."""

    def __init__(self):
        self._open = []
        self.total = 0

    def start(self, xp):
        if xp is numpy:
            self._open.append((None, time.perf_counter()))
        else:  # CuPy: events on the stream, so queued kernels are counted
            start = xp.cuda.Event()
            start.record()
            self._open.append((xp, start))

    def stop(self):
        """The seconds since the matching ``start``."""
        xp, start = self._open.pop()
        if xp is None:
            elapsed = time.perf_counter() - start
        else:
            stop = xp.cuda.Event()
            stop.record()
            stop.synchronize()
            elapsed = xp.cuda.get_elapsed_time(start, stop) / 1000  # given in ms
        if not self._open:
            self.total += elapsed
        return elapsed


def summarize(history, fields):
    """``{name: {field: sum, ..., 'occurrence': count}}`` over ``history``, a list of
    ``(name, value_1, ..., value_k)`` whose values are named by ``fields``."""
    summary = collections.OrderedDict()
    for name, *values in history:
        record = summary.setdefault(name, dict.fromkeys(fields + ('occurrence',), 0))
        for field, value in zip(fields, values):
            record[field] += value
        record['occurrence'] += 1
    return summary


def write_table(rows, file):
    """Write ``rows`` (lists of strings) with right-aligned columns."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        file.write('  '.join(cell.rjust(width) for cell, width in zip(row, widths)) + '\n')
    if hasattr(file, 'flush'):
        file.flush()


class TimerReport:
    """Elapsed time per name (a function's or a link's class), for the TimerHooks.

    Attributes:
        call_history: ``(name, seconds)`` per call, in the order the calls ended.
    """

    name = 'TimerHook'
    table = {'sec': 1, 'ms': 10 ** 3, 'us': 10 ** 6, 'ns': 10 ** 9}
    _name_column = None  # the report's first header

    def __init__(self):
        self.call_history = []
        self._clock = _Clock()

    def _start(self, xp):
        self._clock.start(xp)

    def _stop(self, name):
        self.call_history.append((name, self._clock.stop()))

    def total_time(self):
        """The seconds spent in the outermost calls (nested ones are not counted twice)."""
        return self._clock.total

    def summary(self):
        """``{name: {'elapsed_time': seconds, 'occurrence': calls}}``."""
        return summarize(self.call_history, ('elapsed_time',))

    @staticmethod
    def _choose_unit(seconds):
        """(factor, unit): the largest unit in which ``seconds`` is at least 1."""
        factor = 1
        for unit in ('sec', 'ms', 'us'):
            if seconds * factor >= 1:
                return factor, unit
            factor *= 1000.0
        return factor, 'ns'

    def print_report(self, unit='auto', file=sys.stdout):
        """Print the time and the number of calls per name.

        Args:
            unit (str): 'sec', 'ms', 'us', 'ns', 'auto' (the unit that suits the
                largest time, for all) or 'auto_foreach' (a unit per row).
        """
        summary = self.summary()
        if unit == 'auto':
            factor, unit = self._choose_unit(
                max((r['elapsed_time'] for r in summary.values()), default=0))
        elif unit != 'auto_foreach':
            if unit not in self.table:
                raise ValueError('print_report: unit must be one of {} or auto, '
                                 'auto_foreach; got {!r}'.format(sorted(self.table), unit))
            factor = self.table[unit]
        rows = [[self._name_column, 'ElapsedTime', 'Occurrence']]
        for name, record in summary.items():
            seconds = record['elapsed_time']
            if unit == 'auto_foreach':
                row_factor, row_unit = self._choose_unit(seconds)
            else:
                row_factor, row_unit = factor, unit
            rows.append([name, '%3.2f%s' % (seconds * row_factor, row_unit),
                         str(record['occurrence'])])
        write_table(rows, file)
