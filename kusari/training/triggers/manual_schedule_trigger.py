"""Fire at given iterations or epochs."""

from kusari.training.triggers import _units


class ManualScheduleTrigger:
    """Fires when training reaches each of the given points.

    Args:
        points (int, float or list): the iterations or epochs at which to fire.
        unit (str): 'iteration' or 'epoch'.

    Attributes:
        finished (bool): whether every point has been passed (the Trainer then skips
            the extension's ``initialize`` after a resume).
    """

    def __init__(self, points, unit):
        _units.check_unit('ManualScheduleTrigger', unit)
        points = list(points) if isinstance(points, (list, tuple)) else [points]
        if not points or any(isinstance(p, bool) or not isinstance(p, (int, float))
                             for p in points):
            raise ValueError('ManualScheduleTrigger: points must be a number or a non-empty '
                             'list of numbers, got {!r}'.format(points))
        self.points = points
        self.unit = unit
        self.finished = False
        self._previous = 0

    def __call__(self, trainer):
        now = _units.position(trainer.updater, self.unit)
        fire = any(self._previous < p <= now for p in self.points)
        self._previous = now
        self.finished = now >= max(self.points)
        return fire

    def serialize(self, serializer):
        self._previous = serializer('previous_position', self._previous)
        self.finished = bool(serializer('finished', self.finished))
