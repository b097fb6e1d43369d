"""Validation of the trigger arguments shared by several triggers."""

UNITS = ('epoch', 'iteration')


def check_unit(trigger_name, unit):
    if unit not in UNITS:
        raise ValueError("{}: unit must be 'epoch' or 'iteration', got {!r}".format(
            trigger_name, unit))


def position(updater, unit):
    """Where training stands in ``unit``: the iteration count or the fractional epoch."""
    return updater.epoch_detail if unit == 'epoch' else updater.iteration
