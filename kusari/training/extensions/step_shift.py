"""StepShift: multiply an optimizer attribute by gamma every ``step`` calls."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class StepShift(_shift.Shift):
    """Sets the attribute to ``init * gamma ** floor(t / step)`` at the ``t``-th call.

    Args:
        attr (str): the optimizer attribute.
        gamma (float): the factor per step.
        step (int): calls per step.
        init (float): the initial value (default: the optimizer's value).
        target (float): the value at which the shift stops.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, gamma: float, step: int, init: float | None = None,
                 target: float | None = None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        if step <= 0:
            raise ValueError('StepShift: step must be positive, got {!r}'.format(step))
        self._gamma = gamma
        self._step = step
        self._target = target

    def _value(self, t):
        return _shift.bounded(self._init * self._gamma ** (t // self._step), self._target,
                              abs(self._gamma) > 1)
