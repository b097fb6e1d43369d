"""LinearShift: move an optimizer attribute linearly between two values."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class LinearShift(_shift.Shift):
    """Interpolates the attribute linearly from ``value_range[0]`` to ``value_range[1]``.

    The value is ``value_range[0]`` until call ``time_range[0]``, ``value_range[1]``
    from call ``time_range[1]``, and linear in between.

    Args:
        attr (str): the optimizer attribute.
        value_range (tuple): ``(first, last)`` values.
        time_range (tuple): ``(t1, t2)`` calls where the change starts and ends.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, value_range: tuple[float, float],
                 time_range: tuple[int, int], optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, value_range[0], optimizer)
        t1, t2 = time_range
        if t2 <= t1:
            raise ValueError('LinearShift: time_range must be increasing, got {!r}'.format(
                time_range))
        self._value_range = value_range
        self._time_range = time_range

    def _value(self, t):
        (t1, t2), (v1, v2) = self._time_range, self._value_range
        if t <= t1:
            return v1
        if t >= t2:
            return v2
        return v1 + (v2 - v1) * (t - t1) / (t2 - t1)
