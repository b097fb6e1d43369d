"""The Pareto (type I) distribution."""

import functools
import math

from kusari import functions as F
from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution
from kusari.distributions.distribution import register_kl


class Pareto(ScalarDistribution):
    """Pareto distribution ``p(x) = alpha x_m^alpha / x^(alpha + 1)`` for ``x >= x_m``.

    Args:
        scale (Variable or array): the minimum ``x_m > 0``.
        alpha (Variable or array): the shape ``alpha > 0``.

    ``mean`` is ``inf`` where ``alpha <= 1`` and ``variance`` where ``alpha <= 2``.
    ``sample`` is ``scale * (1 + eps)`` with ``eps`` drawn from a Lomax (Pareto II)
    distribution, as in Chainer: differentiable with respect to ``scale``.
    """

    _param_names = ('scale', 'alpha')

    def __init__(self, scale, alpha):
        self._scale, self._alpha = utils.as_params('Pareto', scale=scale, alpha=alpha)

    @property
    def scale(self):
        return self._scale

    @property
    def alpha(self):
        return self._alpha

    @functools.cached_property
    def _log_scale(self):
        return F.log(self.scale)

    @functools.cached_property
    def _log_alpha(self):
        return F.log(self.alpha)

    @property
    def support(self):
        return '[scale, inf]'

    @functools.cached_property
    def mean(self):
        finite = self.alpha.array > 1
        alpha = utils.where_const(finite, self.alpha, 2)
        return utils.where_const(finite, alpha * self.scale / (alpha - 1), math.inf)

    @functools.cached_property
    def variance(self):
        finite = self.alpha.array > 2
        alpha = utils.where_const(finite, self.alpha, 3)
        var = self.scale ** 2 * alpha / ((alpha - 1) ** 2 * (alpha - 2))
        return utils.where_const(finite, var, math.inf)

    @functools.cached_property
    def entropy(self):
        return self._log_scale - self._log_alpha + 1 / self.alpha + 1

    def log_prob(self, x):
        x = utils.as_points(x, self.scale)
        inside = utils.data(x) >= self.scale.array
        x = utils.where_const(inside, x, 1)
        logp = self._log_alpha + self.alpha * self._log_scale - (self.alpha + 1) * F.log(x)
        return utils.where_const(inside, logp, -math.inf)

    def sample_n(self, n):
        n = utils.check_sample_count('Pareto', n)
        alpha = self.alpha.array
        eps = utils.draw(self.alpha, lambda random, shape: random.pareto(alpha, size=shape), n)
        return self.scale * (eps + 1)


@register_kl(Pareto, Pareto)
def _kl_pareto_pareto(dist1, dist2):
    # Finite only when the support of dist1 lies inside that of dist2.
    kl = (dist2.alpha * (dist1._log_scale - dist2._log_scale)
          + dist1._log_alpha - dist2._log_alpha + (dist2.alpha - dist1.alpha) / dist1.alpha)
    return utils.where_const(dist1.scale.array >= dist2.scale.array, kl, math.inf)
