"""Fire when an observed value reaches a new best."""

from __future__ import annotations

import typing

from kusari import reporter
from kusari.training import util

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.trainer import Trainer


class BestValueTrigger:
    """Fires when the mean of an observed value over an interval is the best so far.

    The value is averaged over the iterations of each interval of ``trigger``; when the
    interval ends, the trigger fires if the mean beats the best mean seen so far (the
    first interval always does).

    Args:
        key (str): the observation key to watch (e.g. 'validation/main/loss').
        compare (callable): ``compare(best, new)`` is True when ``new`` is better.
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
    """

    def __init__(self, key: str, compare: typing.Callable[[float, float], bool],
                 trigger: types.TriggerSpec = (1, 'epoch')) -> None:
        self._key = key
        self._best_value: float | None = None
        self._interval_trigger = util.get_trigger(trigger)
        self._compare = compare
        self._summary = reporter.DictSummary()

    def __call__(self, trainer: Trainer) -> bool:
        observation = trainer.observation
        if self._key in observation:
            self._summary.add({self._key: observation[self._key]})
        if not self._interval_trigger(trainer):
            return False
        stats = self._summary.compute_mean()
        if self._key not in stats:
            raise KeyError('{}: key {!r} was not reported in this interval (reported keys: '
                           '{})'.format(type(self).__name__, self._key,
                                        ', '.join(sorted(observation)) or 'none'))
        value = float(stats[self._key])
        self._summary = reporter.DictSummary()
        if self._best_value is None or self._compare(self._best_value, value):
            self._best_value = value
            return True
        return False

    @property
    def best_value(self) -> float | None:
        """The best mean so far (None before the first interval ends)."""
        return self._best_value

    def serialize(self, serializer):
        if hasattr(self._interval_trigger, 'serialize'):
            self._interval_trigger.serialize(serializer['interval_trigger'])
        self._summary.serialize(serializer['summary'])
        has_best = bool(serializer('has_best', self._best_value is not None))
        best = float(serializer('best_value', float(
            self._best_value if self._best_value is not None else 'nan')))
        self._best_value = best if has_best else None


class MaxValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over an interval is the largest so far.

    Args:
        key (str): the observation key to watch (e.g. 'validation/main/accuracy').
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
    """

    def __init__(self, key: str, trigger: types.TriggerSpec = (1, 'epoch')) -> None:
        super().__init__(key, lambda best, new: new > best, trigger)


class MinValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over an interval is the smallest so far.

    Args:
        key (str): the observation key to watch (e.g. 'validation/main/loss').
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
    """

    def __init__(self, key: str, trigger: types.TriggerSpec = (1, 'epoch')) -> None:
        super().__init__(key, lambda best, new: new < best, trigger)
