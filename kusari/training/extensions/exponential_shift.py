"""ExponentialShift: multiply an optimizer attribute by a rate at each call."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class ExponentialShift(_shift.Shift):
    """Sets the attribute to ``init * rate ** t`` at the ``t``-th call.

    Args:
        attr (str): the optimizer attribute, e.g. 'lr'.
        rate (float): the factor per call.
        init (float): the initial value (default: the optimizer's value).
        target (float): the value at which the shift stops.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, rate: float, init: float | None = None,
                 target: float | None = None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        if rate <= 0:
            raise ValueError('ExponentialShift: rate must be positive, got {!r}'.format(rate))
        self._rate = rate
        self._target = target

    def _value(self, t):
        return _shift.bounded(self._init * self._rate ** t, self._target, self._rate > 1)
