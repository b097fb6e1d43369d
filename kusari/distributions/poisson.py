"""The Poisson distribution on {0, 1, 2, ...}."""


from kusari import core
from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import RateDistribution
from kusari.distributions.distribution import register_kl


class Poisson(RateDistribution):
    """Poisson distribution ``P(x = k) = lam^k exp(-lam) / k!``.

    Args:
        lam (Variable or array): the rate ``lam > 0``.

    ``sample`` returns counts in ``lam``'s dtype (not differentiable).
    """

    @property
    def support(self):
        return 'non negative integer'

    @property
    def mean(self):
        return self.lam

    @property
    def variance(self):
        return self.lam

    def log_prob(self, x):
        # The points are data: as in Chainer, no gradient flows to them.
        x = utils.as_points(utils.data(x), self.lam)
        return x * self._log_lam - F.lgamma(x + 1) - self.lam

    def sample_n(self, n):
        n = utils.check_sample_count('Poisson', n)
        lam = self.lam.array
        return core.Variable(utils.draw(self.lam, lambda random, shape: random.poisson(
            lam, size=shape), n))


@register_kl(Poisson, Poisson)
def _kl_poisson_poisson(dist1, dist2):
    return dist1.lam * (dist1._log_lam - dist2._log_lam) - dist1.lam + dist2.lam
