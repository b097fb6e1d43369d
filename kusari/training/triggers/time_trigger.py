"""Fire every N seconds of training time."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class TimeTrigger:
    """Fires once every ``period`` seconds of ``trainer.elapsed_time``.

    Args:
        period (float): seconds between firings.
    """

    def __init__(self, period: float) -> None:
        if isinstance(period, bool) or not isinstance(period, (int, float)) or period <= 0:
            raise ValueError('TimeTrigger: period must be a positive number of seconds, got '
                             '{!r}'.format(period))
        self._period = period
        self._next_time = period

    def __call__(self, trainer: Trainer) -> bool:
        if trainer.elapsed_time > self._next_time:
            self._next_time += self._period
            return True
        return False

    def serialize(self, serializer):
        self._next_time = float(serializer('next_time', float(self._next_time)))
