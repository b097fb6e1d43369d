"""LogReport: the means of the observed values per interval, kept as a JSON log."""

from __future__ import annotations

import json
import os
import typing

from kusari import reporter
from kusari.training import extension, util
from kusari.training.extensions import _files

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.trainer import Trainer


class LogReport(extension.Extension):
    """Accumulates the observations and appends their means to a log at each interval.

    Each entry holds the mean of every reported scalar over the interval (or only
    ``keys``), plus ``epoch``, ``iteration`` and ``elapsed_time``. The whole log is
    written as JSON to ``trainer.out/filename`` after each interval, atomically
    (a temporary file renamed into place), so the file on disk is always a complete log.

    Args:
        keys (list of str): the observation keys to log (default: all).
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
        postprocess (callable): called with each entry (a dict) before it is logged;
            it may edit the entry in place.
        filename (str): the log's file name in ``trainer.out`` (default 'log'); may be
            a format string, formatted with the entry's values. None (with
            ``log_name=None``) keeps the log in memory only.
        log_name: deprecated alias of ``filename``.
    """

    def __init__(self, keys: typing.Iterable[str] | None = None,
                 trigger: types.TriggerSpec = (1, 'epoch'),
                 postprocess: typing.Callable[[dict[str, typing.Any]], None] | None = None,
                 filename: str | None = None, **kwargs: typing.Any) -> None:
        log_name = kwargs.pop('log_name', 'log')
        if kwargs:
            raise TypeError('LogReport: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        self._keys = keys
        self._trigger = util.get_trigger(trigger)
        self._postprocess = postprocess
        self._log_name = filename if filename is not None else log_name
        self._log: list[dict[str, typing.Any]] = []
        self._summary = reporter.DictSummary()

    def initialize(self, trainer: Trainer) -> None:
        if self._log_name is not None:
            _files.remove_interrupted_writes(trainer.out, self._log_name)

    @property
    def log(self) -> list[dict[str, typing.Any]]:
        """The list of logged entries (dicts)."""
        return self._log

    def __call__(self, trainer: Trainer) -> None:
        observation = trainer.observation
        if self._keys is None:
            self._summary.add(observation)
        else:
            self._summary.add({k: observation[k] for k in self._keys if k in observation})
        # Called before training (call_before_training=True), it logs the state at
        # iteration 0 (e.g. the evaluation of the untrained model).
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        entry = {name: float(value) for name, value in self._summary.compute_mean().items()}
        updater = trainer.updater
        entry['epoch'] = updater.epoch
        entry['iteration'] = updater.iteration
        entry['elapsed_time'] = trainer.elapsed_time
        if self._postprocess is not None:
            self._postprocess(entry)
        self._log.append(entry)
        if self._log_name is not None:
            name = self._log_name.format(**entry)
            _files.write_text(_files.output_path(trainer, name), _dump(self._log))
        self._summary = reporter.DictSummary()

    def serialize(self, serializer):
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._summary.serialize(serializer['_summary'])
        stored = serializer('_log', _dump(self._log))
        self._log = _load(stored)


def find_log_report(trainer: Trainer, log_report: str | LogReport, user: str) -> LogReport:
    """The LogReport a reporting extension reads.

    Args:
        trainer (Trainer): the trainer that calls the reading extension.
        log_report (str or LogReport): the name of a LogReport registered in ``trainer``,
            or a LogReport, which is updated here as it is not registered (it then sees
            the observations through its reader).
        user (str): the reading extension's name, for the error message.
    """
    if isinstance(log_report, str):
        return trainer.get_extension(log_report)
    if isinstance(log_report, LogReport):
        log_report(trainer)
        return log_report
    raise TypeError('{}: log_report must be a LogReport or its name, got {}'.format(
        user, type(log_report).__name__))


def _dump(log):
    # A non-finite mean (a diverged loss) is written as NaN/Infinity, which json reads back.
    return json.dumps(log, indent=4)


def _load(text):
    """The log from its JSON text, with a clear error when it is damaged."""
    if isinstance(text, bytes):
        text = text.decode('utf-8')
    try:
        log = json.loads(str(text))
    except ValueError as e:
        raise ValueError('LogReport: the saved log is not valid JSON ({})'.format(e)) from e
    if not isinstance(log, list) or not all(isinstance(entry, dict) for entry in log):
        raise ValueError('LogReport: the saved log must be a JSON list of objects')
    return log


def load_log(path: str | os.PathLike[str]) -> list[dict[str, typing.Any]]:
    """Read a log file written by LogReport; errors name the file.

    Args:
        path (str): the log file (e.g. ``result/log``).

    Returns:
        list of dict: the entries.
    """
    try:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        return _load(text)
    except ValueError as e:
        raise ValueError('{}: {}'.format(path, e)) from e
