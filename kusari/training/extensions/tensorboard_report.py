"""TensorBoardReport: the entries of a LogReport (and, opt-in, histograms of the
parameters and their gradients) as TensorBoard event files."""

from __future__ import annotations

import numbers
import os
import time
import typing

import numpy

from kusari import cuda
from kusari.training import extension
from kusari.training.extensions import log_report as log_report_module

if typing.TYPE_CHECKING:
    from kusari.link import Link
    from kusari.training.trainer import Trainer

_EVENT_FILE_PREFIX = 'events.out.tfevents.'


def _tensorboard():
    """tensorboard's protos and event-file writer, imported on first use (an optional
    dependency; it needs neither TensorFlow nor PyTorch)."""
    try:
        from tensorboard.compat.proto import event_pb2, summary_pb2
        from tensorboard.summary.writer.event_file_writer import EventFileWriter
    except ImportError as e:
        raise ImportError("TensorBoardReport needs the tensorboard package: pip install "
                          "tensorboard (or kusari's extra: pip install 'kusari[tensorboard]')"
                          ) from e
    return event_pb2, summary_pb2, EventFileWriter


class TensorBoardReport(extension.Extension):
    """Writes every new entry of a LogReport to TensorBoard event files.

    Each value of an entry (the means of the observations, ``epoch``, ``elapsed_time``)
    becomes a scalar at the step ``entry['iteration']``; with ``histograms=True`` the
    parameters of the updater's optimizers and their gradients are written as
    histograms too, whenever a new entry is, at the current iteration (tags such as
    ``main/predictor/l1/W`` and ``main/predictor/l1/W/grad``). Read them with
    ``tensorboard --logdir result``.

    A run resumed from a snapshot appends to the same directory: it opens a new event
    file that starts with a session-start marker at the first step after the snapshot,
    so TensorBoard drops what the interrupted run wrote after that snapshot and every
    step is shown once. A new run (from iteration 0) in the same directory replaces
    what was there in the same way.

    In a custom loop, call :meth:`add_scalars` and :meth:`add_histograms`, then
    :meth:`close`.

    Args:
        log_report (str or LogReport): the LogReport extension, or its name in the
            trainer (default 'LogReport').
        logdir (str): the directory of the event files: under ``trainer.out`` when
            relative (by default ``trainer.out`` itself). In a custom loop it is used
            as given and is required.
        histograms (bool): also write the parameter and gradient histograms.
        bins (int): the number of buckets of each histogram.

    The tensorboard package is needed (``pip install tensorboard``), but neither
    TensorFlow nor PyTorch.
    """

    def __init__(self, log_report: str | log_report_module.LogReport = 'LogReport',
                 logdir: str | os.PathLike[str] | None = None, histograms: bool = False,
                 bins: int = 30) -> None:
        _tensorboard()  # fail early when tensorboard is missing
        self._log_report = log_report
        self._logdir = logdir
        self._histograms = histograms
        self._bins = bins
        self._written = 0  # the log entries already written
        self._writer: typing.Any = None

    @property
    def logdir(self) -> str | os.PathLike[str] | None:
        """The directory of the event files (known in a trainer once training starts)."""
        return self._logdir

    def initialize(self, trainer: Trainer) -> None:
        self.close()
        self._logdir = os.path.join(trainer.out, self._logdir or '')
        iteration = trainer.updater.iteration
        # A resumed run keeps the steps up to its snapshot (``iteration``), which the
        # snapshot's log has written; a new run keeps nothing.
        self._open(iteration + 1 if iteration else 0)

    def _open(self, first_step=None):
        event_pb2, _, EventFileWriter = _tensorboard()
        if self._logdir is None:
            raise ValueError('TensorBoardReport: give logdir= to write outside a Trainer')
        directory = os.fspath(self._logdir)
        _wait_until_sorted_last(directory)
        self._writer = EventFileWriter(directory)
        if first_step is None:  # a custom loop's: it says nothing of the earlier files
            return
        # TensorBoard drops the steps >= first_step of the files before this one.
        self._writer.add_event(event_pb2.Event(
            wall_time=time.time(), step=first_step,
            session_log=event_pb2.SessionLog(status=event_pb2.SessionLog.START)))

    def __call__(self, trainer: Trainer) -> None:
        log = log_report_module.find_log_report(trainer, self._log_report,
                                                'TensorBoardReport').log
        if self._written >= len(log):
            return
        for entry in log[self._written:]:
            self.add_scalars({key: value for key, value in entry.items()
                              if key != 'iteration'}, entry['iteration'])
        self._written = len(log)
        if self._histograms:
            iteration = trainer.updater.iteration
            for name, optimizer in trainer.updater.get_all_optimizers().items():
                self.add_histograms(optimizer.target, iteration, prefix=name)
        self.flush()

    def add_scalars(self, values: typing.Mapping[str, typing.Any], step: int) -> None:
        """Write each real number of ``values`` as a scalar tagged with its key
        (other values are skipped)."""
        _, summary_pb2, _ = _tensorboard()
        summary = summary_pb2.Summary()
        for tag, value in values.items():
            if isinstance(value, numbers.Real) or (
                    isinstance(value, numpy.ndarray) and value.ndim == 0):
                summary.value.add(tag=tag, simple_value=float(value))
        self._add_summary(summary, step)

    def add_histograms(self, link: Link, step: int, prefix: str = '') -> None:
        """Write a histogram of each parameter of ``link`` and of its gradient, tagged
        ``prefix`` + the parameter's path (``main`` + ``/l1/W``), with ``/grad`` for
        the gradient. Non-finite values are left out; an array with none is skipped."""
        _, summary_pb2, _ = _tensorboard()
        summary = summary_pb2.Summary()
        for path, param in link.namedparams():
            tag = (prefix + path).lstrip('/')
            for suffix, array in (('', param.array), ('/grad', param.grad)):
                histogram = None if array is None else self._histogram(array, summary_pb2)
                if histogram is not None:
                    summary.value.add(tag=tag + suffix, histo=histogram)
        self._add_summary(summary, step)

    def _histogram(self, array, summary_pb2):
        values = numpy.asarray(cuda.to_cpu(array), dtype=numpy.float64).ravel()
        values = values[numpy.isfinite(values)]
        if not values.size:
            return None
        counts, edges = numpy.histogram(values, bins=self._bins)
        # Bucket i holds the values up to bucket_limit[i] (above the previous limit).
        return summary_pb2.HistogramProto(
            min=float(values.min()), max=float(values.max()), num=float(values.size),
            sum=float(values.sum()), sum_squares=float(numpy.dot(values, values)),
            bucket_limit=edges[1:].tolist(), bucket=counts.astype(numpy.float64).tolist())

    def _add_summary(self, summary, step):
        if not summary.value:
            return
        if self._writer is None:
            self._open()
        event_pb2, _, _ = _tensorboard()
        self._writer.add_event(event_pb2.Event(wall_time=time.time(), step=int(step),
                                               summary=summary))

    def flush(self) -> None:
        """Write what is buffered to the event file."""
        if self._writer is not None:
            self._writer.flush()

    def close(self) -> None:
        """Flush and close the event file (a later write opens a new one)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def finalize(self) -> None:
        self.close()

    def serialize(self, serializer):
        self._written = int(serializer('_written', self._written))
        if isinstance(self._log_report, log_report_module.LogReport):
            self._log_report.serialize(serializer['_log_report'])


def _wait_until_sorted_last(directory):
    """Wait (under a second) until a new event file's name sorts after those in
    ``directory``: TensorBoard reads the files in name order, and the names start with
    the second they were opened in, so a run resumed within the second the killed one
    opened its file could otherwise be read first."""
    if not os.path.isdir(directory):
        return
    seconds = [int(name.split('.')[3]) for name in os.listdir(directory)
               if name.startswith(_EVENT_FILE_PREFIX) and name.split('.')[3].isdigit()]
    latest = max(seconds, default=None)
    if latest is not None and latest + 1 > time.time():
        time.sleep(latest + 1 - time.time() + 0.01)
