"""Units and the previous position of the triggers, shared by several triggers."""

import warnings

UNITS = ('epoch', 'iteration')


def check_unit(trigger_name, unit):
    if unit not in UNITS:
        raise ValueError("{}: unit must be 'epoch' or 'iteration', got {!r}".format(
            trigger_name, unit))


def position(updater, unit):
    """Where training stands in ``unit``: the iteration count or the fractional epoch."""
    return updater.epoch_detail if unit == 'epoch' else updater.iteration


# A trigger that fires when training passes a point keeps where it was at its previous
# call, in Chainer's attributes and snapshot keys (previous_iteration,
# previous_epoch_detail). A snapshot without them (Chainer before v4) leaves them
# negative: the previous position is then guessed from the updater.

def previous_position(trigger, updater):
    """The position at the trigger's previous call, in its unit."""
    if trigger.unit == 'epoch':
        previous = trigger._previous_epoch_detail
        if previous < 0:
            previous = updater.previous_epoch_detail or 0.
        return previous
    previous = trigger._previous_iteration
    return updater.iteration - 1 if previous < 0 else previous


def remember_position(trigger, updater):
    trigger._previous_iteration = updater.iteration
    if hasattr(updater, 'epoch_detail'):
        trigger._previous_epoch_detail = updater.epoch_detail


# snapshot key: (attribute, value meaning "unknown", how the trigger does without it)
_PREVIOUS_POSITION = {
    'previous_iteration': ('_previous_iteration', -1,
                           'it is guessed from the current iteration'),
    'previous_epoch_detail': ('_previous_epoch_detail', -1.,
                              "the updater's previous_epoch_detail is used"),
}


def serialize_previous_position(trigger, serializer):
    for key, (attribute, unknown, fallback) in _PREVIOUS_POSITION.items():
        try:
            setattr(trigger, attribute, serializer(key, getattr(trigger, attribute)))
        except KeyError:
            warnings.warn('{}: the snapshot has no {}; {}, which is right only if the trigger '
                          'is called at every iteration'.format(
                              type(trigger).__name__, key.replace('_', ' '), fallback),
                          UserWarning, stacklevel=2)
            setattr(trigger, attribute, unknown)
