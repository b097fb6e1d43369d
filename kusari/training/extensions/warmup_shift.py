"""WarmupShift: raise an optimizer attribute linearly to its value during a warm-up."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class WarmupShift(_shift.Shift):
    """Moves the attribute from ``warmup_start`` to ``init`` over ``warmup_iter`` calls.

    Args:
        attr (str): the optimizer attribute.
        warmup_start (float): the value at the start.
        warmup_iter (int): calls of the warm-up.
        init (float): the value after the warm-up.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, warmup_start: float, warmup_iter: int,
                 init: float | None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        if warmup_iter <= 0:
            raise ValueError('WarmupShift: warmup_iter must be positive, got {!r}'.format(
                warmup_iter))
        self._warmup_start = warmup_start
        self._warmup_iter = warmup_iter

    def _value(self, t):
        if t >= self._warmup_iter:
            return self._init
        return self._warmup_start + (self._init - self._warmup_start) * t / self._warmup_iter
