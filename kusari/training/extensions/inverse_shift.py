"""InverseShift: decay an optimizer attribute as ``(1 + gamma t) ** -power``."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class InverseShift(_shift.Shift):
    """Sets the attribute to ``init * (1 + gamma * t) ** (-power)`` at the ``t``-th call.

    Args:
        attr (str): the optimizer attribute.
        gamma (float): the time scale.
        power (float): the exponent.
        init (float): the initial value (default: the optimizer's value).
        target (float): the value at which the shift stops.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, gamma: float, power: float, init: float | None = None,
                 target: float | None = None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        if gamma < 0:
            raise ValueError('InverseShift: gamma must be non-negative, got {!r}'.format(gamma))
        self._gamma = gamma
        self._power = power
        self._target = target

    def _value(self, t):
        value = self._init * (1 + self._gamma * t) ** (-self._power)
        return _shift.bounded(value, self._target, self._power < 0)
