"""Fire every N iterations or epochs."""

from __future__ import annotations

import typing

from kusari.training.triggers import _units

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class IntervalTrigger:
    """Fires once every ``period`` iterations or epochs.

    For epochs, it fires when ``updater.epoch_detail`` crosses a multiple of
    ``period``, so fractional periods (e.g. 0.5 epoch) work too.

    Args:
        period (int or float): length of the interval, a positive number.
        unit (str): 'iteration' or 'epoch'.
    """

    def __init__(self, period: int | float, unit: str) -> None:
        _units.check_unit('IntervalTrigger', unit)
        if isinstance(period, bool) or not isinstance(period, (int, float)) or period <= 0:
            raise ValueError('IntervalTrigger: period must be a positive number, got {!r}'
                             .format(period))
        self.period = period
        self.unit = unit
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0
        self.count = 0

    def __call__(self, trainer: Trainer) -> bool:
        updater = trainer.updater
        # Compare in which period both points fall: robust to fractional periods.
        period_now = _units.position(updater, self.unit) // self.period
        fire = _units.previous_position(self, updater) // self.period != period_now
        if self.unit == 'epoch':
            self.count = period_now  # Chainer keeps it for backward compatibility
        _units.remember_position(self, updater)
        return fire

    def get_training_length(self) -> tuple[int | float, str]:
        """``(period, unit)``: a stop trigger's length, as ProgressBar reads it."""
        return self.period, self.unit

    def serialize(self, serializer):
        _units.serialize_previous_position(self, serializer)

    def __str__(self):
        return '{}({}, {!r})'.format(type(self).__name__, self.period, self.unit)
