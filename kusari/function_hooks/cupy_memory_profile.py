"""GPU memory taken by each function (Chainer's ``CupyMemoryProfileHook``)."""

import sys

from kusari import cuda, function_hook
from kusari.function_hooks._profile import summarize, write_table


class CupyMemoryProfileHook(function_hook.FunctionHook):
    """Measures the bytes each function's forward and backward takes from CuPy's memory
    pool (``used``) and the pool from the GPU (``acquired``). Needs CuPy and a GPU.

    Attributes:
        call_history: ``(function class name, used bytes, acquired bytes, depth)`` per
            call; ``depth`` counts the calls it ran inside.
    """

    name = 'CupyMemoryProfileHook'
    _units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB']
    _table = {unit: 1024 ** i for i, unit in enumerate(_units)}

    def __init__(self):
        cuda.check_cuda_available()
        self.call_history = []
        self._memory_hook = _cumulative_memory_hook()
        self._running_stack = []
        self._total_used_bytes = 0
        self._total_acquired_bytes = 0

    def added(self, function=None):
        self._memory_hook.__enter__()

    def deleted(self, function=None):
        self._memory_hook.__exit__()

    def _preprocess(self):
        self._running_stack.append((self._memory_hook.used_bytes,
                                    self._memory_hook.acquired_bytes))

    def _postprocess(self, function):
        used_start, acquired_start = self._running_stack.pop()
        used = self._memory_hook.used_bytes - used_start
        acquired = self._memory_hook.acquired_bytes - acquired_start
        depth = len(self._running_stack)
        self.call_history.append((function._impl_name, used, acquired, depth))
        if depth == 0:
            self._total_used_bytes += used
            self._total_acquired_bytes += acquired

    def forward_preprocess(self, function, in_data):
        self._preprocess()

    def backward_preprocess(self, function, in_data, out_grad):
        self._preprocess()

    def forward_postprocess(self, function, in_data):
        self._postprocess(function)

    def backward_postprocess(self, function, in_data, out_grad):
        self._postprocess(function)

    def total_used_bytes(self):
        """Bytes the outermost functions took from the memory pool."""
        return self._total_used_bytes

    def total_acquired_bytes(self):
        """Bytes the memory pool took from the GPU during the outermost functions."""
        return self._total_acquired_bytes

    def summary(self):
        """``{name: {'used_bytes', 'acquired_bytes', 'occurrence'}}`` (nested calls are
        counted in their callers too)."""
        return summarize([entry[:3] for entry in self.call_history],
                         ('used_bytes', 'acquired_bytes'))

    def _choose_unit(self, size):
        """(divisor, unit): the largest unit in which ``size`` is at least 1."""
        divisor = 1.0
        for unit in self._units[:-1]:
            if size < divisor * 1024:
                return divisor, unit
            divisor *= 1024
        return divisor, self._units[-1]

    def print_report(self, unit='auto', file=sys.stdout):
        """Print the bytes used and acquired and the number of calls per function.

        Args:
            unit (str): one of 'B', 'KB', ..., 'ZB', 'auto' (the unit that suits the
                largest value of each column) or 'auto_foreach' (a unit per value).
        """
        summary = self.summary()

        def formatter(field):
            if unit == 'auto':
                fixed = self._choose_unit(max((r[field] for r in summary.values()), default=0))
            elif unit == 'auto_foreach':
                fixed = None
            else:
                fixed = (self._table[unit], unit)

            def format_bytes(size):
                divisor, name = fixed or self._choose_unit(size)
                return '%3.2f%s' % (size / divisor, name)
            return format_bytes
        used, acquired = formatter('used_bytes'), formatter('acquired_bytes')
        rows = [['FunctionName', 'UsedBytes', 'AcquiredBytes', 'Occurrence']]
        for name, record in summary.items():
            rows.append([name, used(record['used_bytes']), acquired(record['acquired_bytes']),
                         str(record['occurrence'])])
        write_table(rows, file)


def _cumulative_memory_hook():
    """A CuPy memory hook adding up the bytes requested from the pool (``used_bytes``)
    and the bytes the pool requested from the GPU (``acquired_bytes``)."""
    class CupyMemoryCumulativeHook(cuda.cupy.cuda.memory_hook.MemoryHook):
        name = 'CupyMemoryCumulativeHook'

        def __init__(self):
            self.used_bytes = 0
            self.acquired_bytes = 0

        def alloc_preprocess(self, **kwargs):
            self.acquired_bytes += kwargs['mem_size']

        def malloc_preprocess(self, **kwargs):
            self.used_bytes += kwargs['mem_size']
    return CupyMemoryCumulativeHook()
