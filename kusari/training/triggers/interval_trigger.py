"""Fire every N iterations or epochs."""

from kusari.training.triggers import _units


class IntervalTrigger:
    """Fires once every ``period`` iterations or epochs.

    For epochs, it fires when ``updater.epoch_detail`` crosses a multiple of
    ``period``, so fractional periods (e.g. 0.5 epoch) work too.

    Args:
        period (int or float): length of the interval.
        unit (str): 'iteration' or 'epoch'.
    """

    def __init__(self, period, unit):
        _units.check_unit('IntervalTrigger', unit)
        if isinstance(period, bool) or not isinstance(period, (int, float)) or period <= 0:
            raise ValueError('IntervalTrigger: period must be a positive number, got {!r}'
                             .format(period))
        self.period = period
        self.unit = unit
        self._previous_iteration = 0
        self._previous_epoch_detail = 0.0

    def __call__(self, trainer):
        updater = trainer.updater
        if self.unit == 'epoch':
            epoch_detail = updater.epoch_detail
            previous = self._previous_epoch_detail
            # Compare in which period both points fall: robust to fractional periods.
            fire = previous // self.period != epoch_detail // self.period
            self._previous_epoch_detail = epoch_detail
        else:
            iteration = updater.iteration
            previous = self._previous_iteration
            fire = previous // self.period != iteration // self.period
            self._previous_iteration = iteration
        return fire

    def get_training_length(self):
        return self.period, self.unit

    def serialize(self, serializer):
        self._previous_iteration = serializer('previous_iteration', self._previous_iteration)
        self._previous_epoch_detail = serializer('previous_epoch_detail',
                                                 self._previous_epoch_detail)

    def __str__(self):
        return '{}({}, {!r})'.format(type(self).__name__, self.period, self.unit)
