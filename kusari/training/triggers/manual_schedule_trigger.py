"""Fire at given iterations or epochs."""

from __future__ import annotations

import typing
import warnings

from kusari.training.triggers import _units

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class ManualScheduleTrigger:
    """Fires when training reaches each of the given points.

    Args:
        points (int, float or list): the iterations or epochs at which to fire.
        unit (str): 'iteration' or 'epoch'.

    Attributes:
        finished (bool): whether the last point has fired (the Trainer then skips the
            extension's ``initialize`` after a resume).
    """

    def __init__(self, points: float | list[float] | tuple[float, ...],
                 unit: str) -> None:
        _units.check_unit('ManualScheduleTrigger', unit)
        points = list(points) if isinstance(points, (list, tuple)) else [points]
        if not points or any(isinstance(p, bool) or not isinstance(p, (int, float))
                             for p in points):
            raise ValueError('ManualScheduleTrigger: points must be a number or a non-empty '
                             'list of numbers, got {!r}'.format(points))
        self.points = points
        self.unit = unit
        self.finished = False
        self._finished_unknown = False  # resumed from a snapshot without the flag
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.

    def __call__(self, trainer: Trainer) -> bool:
        updater = trainer.updater
        now = _units.position(updater, self.unit)
        previous = _units.previous_position(self, updater)
        fire = any(previous < p <= now for p in self.points)
        if (fire or self._finished_unknown) and now >= max(self.points):
            self.finished = True
        self._finished_unknown = False
        _units.remember_position(self, updater)
        return fire

    def serialize(self, serializer):
        _units.serialize_previous_position(self, serializer)
        try:
            self.finished = bool(serializer('finished', self.finished))
        except KeyError:
            warnings.warn('ManualScheduleTrigger: the snapshot has no finished flag; it is '
                          'set at the next call', UserWarning, stacklevel=2)
            self.finished = False
            self._finished_unknown = True
