"""MultistepShift: multiply an optimizer attribute by gamma at given calls."""

from __future__ import annotations

import typing

from kusari.training.extensions import _shift

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


class MultistepShift(_shift.Shift):
    """Sets the attribute to ``init * gamma ** k`` where ``k`` steps have been reached.

    With ``step_value = [s1, s2]``: ``init`` before call ``s1``, ``init * gamma`` from
    ``s1``, ``init * gamma ** 2`` from ``s2``.

    Args:
        attr (str): the optimizer attribute.
        gamma (float): the factor per step.
        step_value (list of int): the calls at which each step starts.
        init (float): the initial value (None: the optimizer's value).
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr: str, gamma: float, step_value: typing.Iterable[int],
                 init: float | None, optimizer: Optimizer | None = None) -> None:
        super().__init__(attr, init, optimizer)
        self._gamma = gamma
        self._step_value = sorted(step_value)

    def _value(self, t):
        return self._init * self._gamma ** sum(1 for s in self._step_value if t >= s)
