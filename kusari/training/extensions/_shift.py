"""The machinery the ``*Shift`` extensions share: a schedule of an optimizer attribute."""

from __future__ import annotations

import typing

from kusari.training import extension

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer
    from kusari.training.trainer import Trainer


class Shift(extension.Extension):
    """Sets ``optimizer.<attr>`` to ``self._value(t)`` where ``t`` counts the calls.

    ``initialize`` sets the value for ``t`` (0 when training starts; the saved value
    when resuming), and each call advances ``t`` by one. Subclasses implement
    ``_value(t)``; ``self._init`` is the initial value (read from the optimizer when
    not given).
    """

    def __init__(self, attr: str, init: float | None, optimizer: Optimizer | None) -> None:
        self._attr = attr
        self._init = init
        self._optimizer = optimizer
        self._t = 0
        self._last_value = None

    def _get_optimizer(self, trainer):
        return self._optimizer or trainer.updater.get_optimizer('main')

    def initialize(self, trainer: Trainer) -> None:
        optimizer = self._get_optimizer(trainer)
        if self._init is None:
            if not hasattr(optimizer, self._attr):
                raise AttributeError('{}: the optimizer {} has no attribute {!r}'.format(
                    type(self).__name__, type(optimizer).__name__, self._attr))
            self._init = getattr(optimizer, self._attr)
        value = self._last_value if self._last_value is not None else self._value(self._t)
        self._set(optimizer, value)

    def __call__(self, trainer: Trainer) -> None:
        self._t += 1
        self._set(self._get_optimizer(trainer), self._value(self._t))

    def _set(self, optimizer, value):
        setattr(optimizer, self._attr, value)
        self._last_value = value

    def _value(self, t):
        raise NotImplementedError

    def serialize(self, serializer):
        self._t = int(serializer('_t', self._t))
        last = serializer('_last_value', self._last_value)
        self._last_value = None if last is None else float(last)


def bounded(value, target, increasing):
    """``value`` stopped at ``target``: a shift never moves past its target."""
    if target is None:
        return value
    past = abs(value) > abs(target) if increasing else abs(value) < abs(target)
    return target if past else value
