"""The continuous uniform distribution."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions.distribution import Distribution, register_kl


class Uniform(Distribution):
    """Uniform distribution on ``[low, high]``: ``p(x) = 1 / (high - low)`` there.

    Keyword arguments only: either ``low`` and ``high``, or ``loc`` and ``scale`` (the
    interval ``[loc, loc + scale]``), not both pairs.

    Args:
        low (Variable or array): the lower bound.
        high (Variable or array): the upper bound.
        loc (Variable or array): the lower bound, with ``scale``.
        scale (Variable or array): the width of the interval, with ``loc``.

    Sampling is reparameterized: ``icdf(u)`` with standard uniform ``u``.
    """

    def __init__(self, **kwargs):
        low, high, loc, scale = utils.parse_kwargs('Uniform', kwargs, 'low', 'high', 'loc',
                                                   'scale')
        self._use_low_high = low is not None and high is not None
        use_loc_scale = loc is not None and scale is not None
        if self._use_low_high == use_loc_scale:
            raise ValueError('Uniform: either `low, high` or `loc, scale` (not both) must '
                             'have a value.')
        if self._use_low_high:
            self._first, self._second = utils.as_params('Uniform', low=low, high=high)
        else:
            self._first, self._second = utils.as_params('Uniform', loc=loc, scale=scale)

    @property
    def low(self):
        return self._first

    @functools.cached_property
    def high(self):
        return self._second if self._use_low_high else self._first + self._second

    @property
    def loc(self):
        return self._first

    @functools.cached_property
    def scale(self):
        return self._second - self._first if self._use_low_high else self._second

    @property
    def batch_shape(self):
        return self.low.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        if self._use_low_high:
            return {'low': self.low, 'high': self.high}
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def support(self):
        return '[low, high]'

    @functools.cached_property
    def mean(self):
        return self.loc + 0.5 * self.scale

    @functools.cached_property
    def variance(self):
        return self.scale ** 2 / 12

    @functools.cached_property
    def stddev(self):
        return self.scale / math.sqrt(12)

    @functools.cached_property
    def entropy(self):
        return F.log(self.scale)

    def _inside(self, x):
        x = utils.data(x)
        return (x >= self.low.array) & (x <= self.high.array)

    def log_prob(self, x):
        x = utils.as_points(x, self.low)
        logp = F.broadcast_to(-self.entropy, self._inside(x).shape)
        return utils.where_const(self._inside(x), logp, -math.inf)

    def cdf(self, x):
        return F.clip((utils.as_points(x, self.low) - self.loc) / self.scale, 0., 1.)

    def icdf(self, x):
        return self.loc + self.scale * utils.as_points(x, self.low)

    def sample_n(self, n):
        n = utils.check_sample_count('Uniform', n)
        u = utils.draw(self.low, lambda random, shape: random.uniform(0, 1, shape), n)
        return self.icdf(u)


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(dist1, dist2):
    # Finite only when [low1, high1] lies inside [low2, high2].
    inside = ((dist1.low.array >= dist2.low.array) & (dist1.high.array <= dist2.high.array))
    return utils.where_const(inside, dist2.entropy - dist1.entropy, math.inf)
