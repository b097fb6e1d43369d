"""Base of the distributions of ``loc + scale * eps`` for a standard variable ``eps``."""

from kusari.distributions import utils
from kusari.distributions._scalar import ScalarDistribution


class LocationScale(ScalarDistribution):
    """A distribution on the real line of ``loc + scale * eps``, ``eps`` standard.

    Subclasses define ``_draw_standard(random, shape)``, which draws ``eps`` with a
    NumPy/CuPy random generator; sampling is reparameterized through ``loc`` and
    ``scale``.

    Args:
        loc (Variable or array): the location.
        scale (Variable or array): the scale, positive.
    """

    _param_names = ('loc', 'scale')

    def __init__(self, loc, scale):
        self._loc, self._scale = utils.as_params(type(self).__name__, loc=loc, scale=scale)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    @property
    def support(self):
        return 'real'

    def _standardize(self, x):
        return (utils.as_points(x, self.loc) - self.loc) / self.scale

    def sample_n(self, n):
        n = utils.check_sample_count(type(self).__name__, n)
        eps = utils.draw(self.loc, self._draw_standard, n)
        return self.loc + self.scale * eps
