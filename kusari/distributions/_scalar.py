"""Bases of the distributions of scalar events."""

import functools

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution


class ScalarDistribution(Distribution):
    """A distribution of scalar events (``event_shape`` is ``()``) whose parameters, the
    attributes named in ``_param_names``, all have its batch shape."""

    _param_names = ()

    @property
    def batch_shape(self):
        return getattr(self, self._param_names[0]).shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {name: getattr(self, name) for name in self._param_names}


class RateDistribution(ScalarDistribution):
    """A distribution with one parameter, the rate ``lam``."""

    _param_names = ('lam',)

    def __init__(self, lam):
        self._lam, = utils.as_params(type(self).__name__, lam=lam)

    @property
    def lam(self):
        return self._lam

    @functools.cached_property
    def _log_lam(self):
        return F.log(self.lam)
