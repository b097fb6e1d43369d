"""Base of the distributions of ``loc + scale * eps`` for a standard variable ``eps``."""

from kusari.distributions import utils
from kusari.distributions.distribution import Distribution


class LocationScale(Distribution):
    """A distribution on the real line of ``loc + scale * eps``, ``eps`` standard.

    Subclasses define ``_draw_standard(random, shape)``, which draws ``eps`` with a
    NumPy/CuPy random generator; sampling is reparameterized through ``loc`` and
    ``scale``.

    Args:
        loc (Variable or array): the location.
        scale (Variable or array): the scale, positive.
    """

    def __init__(self, loc, scale):
        self._loc, self._scale = utils.as_params(type(self).__name__, loc=loc, scale=scale)

    @property
    def loc(self):
        return self._loc

    @property
    def scale(self):
        return self._scale

    @property
    def batch_shape(self):
        return self.loc.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def support(self):
        return 'real'

    def _standardize(self, x):
        return (utils.as_points(x, self.loc) - self.loc) / self.scale

    def sample_n(self, n):
        n = utils.check_sample_count(type(self).__name__, n)
        eps = utils.draw(self.loc, self._draw_standard, n)
        return self.loc + self.scale * eps
