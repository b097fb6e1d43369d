"""ExponentialShift: multiply an optimizer attribute by a rate at each call."""

from kusari.training.extensions import _shift


class ExponentialShift(_shift.Shift):
    """Sets the attribute to ``init * rate ** t`` at the ``t``-th call.

    Args:
        attr (str): the optimizer attribute, e.g. 'lr'.
        rate (float): the factor per call.
        init (float): the initial value (default: the optimizer's value).
        target (float): the value at which the shift stops.
        optimizer: the optimizer (default: the updater's main one).
    """

    def __init__(self, attr, rate, init=None, target=None, optimizer=None):
        super().__init__(attr, init, optimizer)
        if rate <= 0:
            raise ValueError('ExponentialShift: rate must be positive, got {!r}'.format(rate))
        self._rate = rate
        self._target = target

    def _value(self, t):
        return _shift.bounded(self._init * self._rate ** t, self._target, self._rate > 1)
