"""TimelineTrace: a Chrome-trace timeline of every function node's forward and backward,
the update and each extension, for chosen iterations."""

from __future__ import annotations

import json
import os
import threading
import time
import typing

import numpy

from kusari import backend, function_hook
from kusari.training import extension
from kusari.training.extensions import _files

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class TimelineTrace(function_hook.FunctionHook, extension.Extension):
    """Records a timeline of chosen iterations in the Chrome trace event format.

    Each function node's forward and each backward is an event named by the
    function (``LinearFunction``, ``ReLU``...) with the shapes and dtypes of its
    inputs (and, for a backward, of the output gradients it got); the update and
    every extension called are events of their own, all inside one event per
    iteration. The events nest as the calls do: the functions a backward applies
    are inside it. Open the file in Perfetto (ui.perfetto.dev) or ``chrome://tracing``.

    It records through a global function hook that is installed only during the
    iterations it traces, so the other iterations run exactly as without it. It runs
    after the other extensions of an iteration (its priority is the lowest) and must
    be called every iteration (its default trigger). On a GPU each event waits for the
    device, so that its length is the kernels' (which slows those iterations down).

    In a custom loop, use it as a context manager: ``with TimelineTrace(filename=
    'trace.json') as timeline:`` records the function calls in the block, and
    ``with timeline.span('step'):`` adds a scope of its own; the file is written when
    the block ends.

    Args:
        iterations (iterable of int): the iterations to trace (``updater.iteration``
            after their update; the first is 1).
        filename (str): the trace file, under ``trainer.out`` in a trainer
            (``timeline.json`` by default); it holds every traced iteration so far
            and is rewritten after each one.
    """

    name = 'TimelineTrace'
    priority = -(2 ** 31)

    def __init__(self, iterations: typing.Iterable[int] = (1,),
                 filename: str = 'timeline.json') -> None:
        self._iterations = frozenset(int(i) for i in iterations)
        self._filename = filename
        self._path = filename  # in a trainer, under its out
        self._events: list[dict[str, typing.Any]] = []
        self._open: list[float] = []  # the start times of the events not ended yet
        self._trainer: Trainer | None = None
        self._recording: typing.Any = None  # the iteration (or True) being recorded
        self._recording_since = 0.0
        self._recordings = 0  # how many have started (a span records in its own only)
        self._previous_span: typing.Any = None  # the trainer's span while not recording
        self._pid = os.getpid()
        self._tid = threading.get_native_id()

    @property
    def events(self) -> list[dict[str, typing.Any]]:
        """The events recorded so far (dicts of the trace event format)."""
        return self._events

    # -- as a trainer extension

    def initialize(self, trainer: Trainer) -> None:
        self._trainer = trainer
        self._path = _files.output_path(trainer, self._filename)
        if trainer.updater.iteration + 1 in self._iterations:
            self._start(trainer.updater.iteration + 1)

    def __call__(self, trainer: Trainer) -> None:
        if self._recording is not None:
            self._stop()
            self.save(self._path)
        if trainer.updater.iteration + 1 in self._iterations:
            self._start(trainer.updater.iteration + 1)

    def finalize(self) -> None:
        if self._recording is not None:  # training ended (or failed) inside one
            self._stop()
            self.save(self._path)

    def _start(self, iteration):
        self._begin_recording(iteration)
        if self._trainer is not None:
            self._previous_span = self._trainer._span
            self._trainer._span = self.span

    def _stop(self):
        self._record('iteration {}'.format(self._recording), 'iteration',
                     self._recording_since, time.perf_counter())
        if self._trainer is not None:
            self._trainer._span = self._previous_span
        self._end_recording()

    def _begin_recording(self, what):
        function_hook.FunctionHook.__enter__(self)
        self._recording = what
        self._recordings += 1
        self._open.clear()  # what a forward that raised left open
        self._recording_since = time.perf_counter()

    def _end_recording(self):
        function_hook.FunctionHook.__exit__(self)
        self._recording = None

    # -- in a custom loop

    def __enter__(self) -> TimelineTrace:
        self._begin_recording(True)
        return self

    def __exit__(self, *exc_info: typing.Any) -> None:
        self._end_recording()
        self.save(self._path)

    def span(self, name: str, category: str = 'user') -> _Span:
        """A context manager that records its block as an event ``name``."""
        return _Span(self, name, category)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the events recorded so far to ``path`` as a Chrome trace (JSON)."""
        metadata = [{'ph': 'M', 'name': 'process_name', 'pid': self._pid, 'tid': self._tid,
                     'args': {'name': 'kusari'}},
                    {'ph': 'M', 'name': 'thread_name', 'pid': self._pid, 'tid': self._tid,
                     'args': {'name': 'training'}}]
        trace = {'traceEvents': metadata + self._events, 'displayTimeUnit': 'ms'}
        _files.write_text(path, json.dumps(trace))

    # -- the function hook

    def forward_preprocess(self, function, in_data):
        self._begin(in_data)

    def forward_postprocess(self, function, in_data):
        self._end(function.label, 'forward', in_data, {'inputs': _describe(in_data)})

    def backward_preprocess(self, function, in_data, out_grad):
        self._begin(out_grad)

    def backward_postprocess(self, function, in_data, out_grad):
        self._end(function.label, 'backward', out_grad,
                  {'inputs': _describe(in_data), 'output_grads': _describe(out_grad)})

    # -- events

    def _begin(self, arrays):
        _wait_for_device(arrays)
        self._open.append(time.perf_counter())

    def _end(self, name, category, arrays, args):
        _wait_for_device(arrays)
        self._record(name, category, self._open.pop(), time.perf_counter(), args)

    def _record(self, name, category, start, end, args=None):
        event = {'name': name, 'cat': category, 'ph': 'X', 'ts': start * 1e6,
                 'dur': (end - start) * 1e6, 'pid': self._pid, 'tid': self._tid}
        if args:
            event['args'] = args
        self._events.append(event)


class _Span:
    """A scope recorded as one event, if it ends in the recording it began in (the
    trainer's span around the TimelineTrace call that ends a recording does not)."""

    def __init__(self, timeline, name, category):
        self._timeline = timeline
        self._name = name
        self._category = category

    def __enter__(self):
        self._recording = self._timeline._recordings
        self._start = time.perf_counter()
        return self

    def __exit__(self, *exc_info):
        timeline = self._timeline
        if timeline._recording is not None and timeline._recordings == self._recording:
            timeline._record(self._name, self._category, self._start, time.perf_counter())


def _describe(arrays):
    """``['float32[32, 784]', ...]`` (None for a missing array)."""
    return [None if a is None else '{}{}'.format(a.dtype, list(a.shape)) for a in arrays]


def _wait_for_device(arrays):
    """Wait for the GPU's queued work when ``arrays`` are CuPy arrays (so that an event
    ends when its kernels do)."""
    arrays = [a for a in arrays if a is not None]
    if arrays and not isinstance(arrays[0], numpy.ndarray):
        xp = backend.get_array_module(*arrays)
        if xp is not numpy:
            xp.cuda.get_current_stream().synchronize()
