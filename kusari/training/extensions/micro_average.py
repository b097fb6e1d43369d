"""MicroAverage: a ratio of sums over an interval (e.g. accuracy over all examples)."""

from __future__ import annotations

import typing

from kusari import core, reporter
from kusari.training import extension, util

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.trainer import Trainer


def _scalar(value):
    return float(value.array if isinstance(value, core.Variable) else value)


class MicroAverage(extension.Extension):
    """Reports ``sum(numerator) / sum(denominator)`` over each interval.

    Where each iteration reports e.g. the number of correct predictions and of
    examples, this is the accuracy over all examples of the interval (a micro
    average), unlike LogReport's mean of per-batch accuracies.

    Args:
        numerator_key (str): the observation key of the numerator.
        denominator_key (str): the observation key of the denominator.
        result_key (str): the key under which the ratio is reported.
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
    """

    priority = extension.PRIORITY_EDITOR

    def __init__(self, numerator_key: str, denominator_key: str, result_key: str,
                 trigger: types.TriggerSpec = (1, 'epoch')) -> None:
        self._numerator_key = numerator_key
        self._denominator_key = denominator_key
        self._result_key = result_key
        self._trigger = util.get_trigger(trigger)
        self._numerator = 0.
        self._denominator = 0.

    def __call__(self, trainer: Trainer) -> None:
        observation = trainer.observation
        if not (self._numerator_key in observation and self._denominator_key in observation):
            # As in Chainer: the trigger is consulted only in iterations that report both
            # keys (e.g. an Evaluator's, which may run less often than the trigger fires).
            return
        self._numerator += _scalar(observation[self._numerator_key])
        self._denominator += _scalar(observation[self._denominator_key])
        if self._trigger(trainer):
            if self._denominator == 0:
                raise ZeroDivisionError('MicroAverage: the sum of {!r} over the interval is 0'
                                        .format(self._denominator_key))
            reporter.report({self._result_key: self._numerator / self._denominator})
            self._numerator = self._denominator = 0.

    def serialize(self, serializer):
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._numerator = float(serializer('_numerator', self._numerator))
        self._denominator = float(serializer('_denominator', self._denominator))
