"""Helpers of the training loop: ``get_trigger``."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari import types


def _never_fire_trigger(trainer):
    return False


def get_trigger(trigger: types.TriggerSpec) -> typing.Callable[[typing.Any], bool]:
    """A trigger from a callable, a ``(period, unit)`` tuple, or None (never fires).

    Args:
        trigger: a callable ``f(trainer) -> bool`` (returned as is), a tuple like
            ``(10, 'iteration')`` or ``(1, 'epoch')`` (an IntervalTrigger), or None.

    Returns:
        The trigger, a callable ``trigger(trainer)`` that returns whether to fire.
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    if isinstance(trigger, tuple) and len(trigger) == 2:
        # Imported here: the triggers package itself uses get_trigger.
        from kusari.training.triggers import interval_trigger
        return interval_trigger.IntervalTrigger(*trigger)
    raise TypeError('get_trigger: a trigger must be callable, a (period, unit) tuple or None, '
                    'got {!r}'.format(trigger))
