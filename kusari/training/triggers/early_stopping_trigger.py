"""Stop training when a monitored value stops improving."""

from __future__ import annotations

import operator
import typing
import warnings

import numpy

from kusari import reporter
from kusari.training import util

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.trainer import Trainer


class EarlyStoppingTrigger:
    """A stop trigger that fires when ``monitor`` has not improved for ``patience`` checks.

    At each interval of ``check_trigger`` the mean of ``monitor`` over the interval is
    compared with the best so far; after ``patience`` checks without improvement the
    trigger fires. It also fires when ``max_trigger`` does.

    Args:
        check_trigger: when to compare (a trigger or ``(period, unit)``; every epoch
            by default).
        monitor (str): the observation key to watch (default 'main/loss').
        patience (int): checks without improvement before stopping (default 3).
        mode (str): 'max', 'min', or 'auto' ('max' when ``monitor`` contains
            'accuracy', else 'min').
        verbose (bool): print a line when stopping early.
        max_trigger: stop anyway when this fires (a trigger or ``(period, unit)``;
            100 epochs by default).
        patients: deprecated spelling of ``patience``.
    """

    def __init__(self, check_trigger: types.TriggerSpec = (1, 'epoch'),
                 monitor: str = 'main/loss', patience: int | None = None, mode: str = 'auto',
                 verbose: bool = False, max_trigger: types.TriggerSpec = (100, 'epoch'),
                 **kwargs: typing.Any) -> None:
        patients = kwargs.pop('patients', None)
        if kwargs:
            raise TypeError('EarlyStoppingTrigger: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        if patience is not None and patients is not None:
            raise TypeError("EarlyStoppingTrigger: give patience or its alias patients, not "
                            "both")
        if patience is None:
            patience = 3 if patients is None else patients
        if isinstance(patience, bool) or not isinstance(patience, int) or patience < 1:
            raise ValueError('EarlyStoppingTrigger: patience must be a positive int, got {!r}'
                             .format(patience))
        if mode not in ('auto', 'max', 'min'):
            raise ValueError("EarlyStoppingTrigger: mode must be 'auto', 'max' or 'min', got "
                             "{!r}".format(mode))
        if mode == 'auto':
            mode = 'max' if 'accuracy' in monitor else 'min'
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.count = 0
        self._compare = operator.gt if mode == 'max' else operator.lt
        self.best = -numpy.inf if mode == 'max' else numpy.inf
        self._interval_trigger = util.get_trigger(check_trigger)
        self._max_trigger = util.get_trigger(max_trigger)
        self._summary = reporter.DictSummary()

    def __call__(self, trainer: Trainer) -> bool:
        observation = trainer.observation
        if self.monitor in observation:
            self._summary.add({self.monitor: observation[self.monitor]})
        if self._max_trigger(trainer):
            return True
        if not self._interval_trigger(trainer):
            return False
        if self.monitor not in observation:
            warnings.warn('EarlyStoppingTrigger: {!r} is not in the observation'.format(
                self.monitor), stacklevel=2)
            return False
        value = float(self._summary.compute_mean()[self.monitor])
        self._summary = reporter.DictSummary()
        if self._compare(value, self.best):
            self.best = value
            self.count = 0
        else:
            self.count += 1
        if self.count >= self.patience:
            if self.verbose:
                print('Epoch {}: early stopping'.format(trainer.updater.epoch))
            return True
        return False

    def get_training_length(self):
        return self._max_trigger.get_training_length()

    def serialize(self, serializer):
        for name, trigger in (('interval_trigger', self._interval_trigger),
                              ('max_trigger', self._max_trigger)):
            if hasattr(trigger, 'serialize'):
                trigger.serialize(serializer[name])
        self._summary.serialize(serializer['summary'])
        self.best = float(serializer('best', float(self.best)))
        self.count = int(serializer('count', self.count))
