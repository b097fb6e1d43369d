"""PolynomialShift: decay an optimizer attribute polynomially to zero."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class PolynomialShift(_shift.Shift):
    """Sets the attribute to ``init * (1 - t / max_count) ** rate`` (0 after max_count).

    Args:
        attr (str): the optimizer attribute.
        rate (float): the exponent.
        max_count (int): the call at which the value reaches 0.
        init (float): the initial value (default: the optimizer's value).
        target (float): the value at which the shift stops.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, rate: float, max_count: int, init: float | None = None,
                 target: float | None = None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        if max_count <= 0:
            raise ValueError('PolynomialShift: max_count must be positive, got {!r}'.format(
                max_count))
        self._rate = rate
        self._max_count = max_count
        self._target = target

    def _value(self, t):
        decay = max(1 - t / self._max_count, 0)
        return _shift.bounded(self._init * decay ** self._rate, self._target, self._rate < 0)
