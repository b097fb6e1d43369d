"""The geometric distribution on {1, 2, 3, ...}."""

import functools

from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution
from kusari.distributions.distribution import register_kl


class Geometric(ScalarDistribution):
    """Geometric distribution ``P(x = k) = p (1 - p)^(k - 1)`` for ``k = 1, 2, 3, ...``.

    The number of Bernoulli trials up to and including the first success.

    Args:
        p (Variable or array): the success probability ``0 < p <= 1``.

    ``sample`` returns counts in ``p``'s dtype (not differentiable).
    """

    _param_names = ('p')

    def __init__(self, p):
        self._p, = utils.as_params('Geometric', p=p)

    @property
    def p(self):
        return self._p

    @property
    def support(self):
        return 'positive integer'

    @functools.cached_property
    def mean(self):
        return 1 / self.p

    @functools.cached_property
    def variance(self):
        return (1 - self.p) / self.p ** 2

    @functools.cached_property
    def entropy(self):
        # (-(1 - p) log(1 - p) - p log(p)) / p
        return -(utils._modified_xlogx(1 - self.p) + utils._modified_xlogx(self.p)) / self.p

    def log_prob(self, x):
        x = utils.as_points(x, self.p)
        return utils.xlogy(x - 1, 1 - self.p) + F.log(self.p)

    def sample_n(self, n):
        n = utils.check_sample_count('Geometric', n)
        p = self.p.array
        return core.Variable(utils.draw(self.p, lambda random, shape: random.geometric(
            p, size=shape), n))


@register_kl(Geometric, Geometric)
def _kl_geometric_geometric(dist1, dist2):
    return ((1 / dist1.p - 1) * (F.log(1 - dist1.p) - F.log(1 - dist2.p))
            + F.log(dist1.p) - F.log(dist2.p))
