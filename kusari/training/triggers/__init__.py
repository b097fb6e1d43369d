"""Triggers: decide when extensions run and when training stops."""

from kusari.training.triggers.interval_trigger import IntervalTrigger  # NOQA


def _never_fire(trainer):
    return False


def get_trigger(trigger):
    """A trigger from a callable, ``(period, unit)`` tuple, or None (never fires)."""
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire
    if isinstance(trigger, tuple) and len(trigger) == 2:
        return IntervalTrigger(*trigger)
    raise TypeError('a trigger must be callable, a (period, unit) tuple or None, not {!r}'
                    .format(trigger))
