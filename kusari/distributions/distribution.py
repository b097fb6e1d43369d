"""The Distribution interface and the KL-divergence registry (Chainer's ``chainer.distribution``).

A sample's shape is ``sample_shape + batch_shape + event_shape``: the sample axes are
independent draws of one distribution, the batch axes are independent distributions
with different parameters, and the event axes are the dependent coordinates of one draw.
Probability functions take points of shape ``sample_shape + batch_shape + event_shape``
and return values of shape ``sample_shape + batch_shape``.
"""

import math

from kusari import backend
from kusari import functions as F
from kusari.distributions import utils


class Distribution:
    """Base class of probability distributions.

    Subclasses define the properties and methods that make sense for them; the rest
    raise NotImplementedError. ``prob``, ``perplexity``, ``stddev``, ``log_cdf``,
    ``survival_function`` and ``log_survival_function`` fall back on the related
    quantity when a subclass defines that one. Every value computed from Variables is
    differentiable.
    """

    @property
    def batch_shape(self):
        """tuple: the shape of the independent, differently parameterized distributions."""
        raise NotImplementedError

    @property
    def event_shape(self):
        """tuple: the shape of one draw's dependent coordinates."""
        raise NotImplementedError

    @property
    def params(self):
        """dict: the parameters (name to Variable) that define the distribution."""
        raise NotImplementedError

    @property
    def support(self):
        """str: a description of the set the distribution lives on."""
        raise NotImplementedError

    @property
    def mean(self):
        """Variable: the mean."""
        raise NotImplementedError

    @property
    def mode(self):
        """Variable: the mode."""
        raise NotImplementedError

    @property
    def variance(self):
        """Variable: the variance of each coordinate."""
        raise NotImplementedError

    @property
    def stddev(self):
        """Variable: the standard deviation (the square root of the variance)."""
        return F.sqrt(self.variance)

    @property
    def covariance(self):
        """Variable: the covariance matrix of an event."""
        raise NotImplementedError

    @property
    def entropy(self):
        """Variable: the (differential) entropy, of shape ``batch_shape``."""
        raise NotImplementedError

    def log_prob(self, x):
        """Log density (or log mass) at the points ``x`` (Variable or array)."""
        raise NotImplementedError

    def prob(self, x):
        """Density (or mass) at the points ``x``."""
        return F.exp(self.log_prob(x))

    def perplexity(self, x):
        """``exp(-log_prob(x))``."""
        return F.exp(-self.log_prob(x))

    def cdf(self, x):
        """Cumulative distribution function at ``x``."""
        raise NotImplementedError

    def log_cdf(self, x):
        """Log of the cumulative distribution function at ``x``."""
        return F.log(self.cdf(x))

    def survival_function(self, x):
        """``1 - cdf(x)``."""
        return 1 - self.cdf(x)

    def log_survival_function(self, x):
        """Log of the survival function at ``x``."""
        return F.log(self.survival_function(x))

    def icdf(self, x):
        """Inverse of the cumulative distribution function at probabilities ``x``."""
        raise NotImplementedError

    def sample(self, sample_shape=()):
        """Draws points of shape ``sample_shape + batch_shape + event_shape``.

        Args:
            sample_shape (int or tuple of ints): shape of the independent draws.

        Returns:
            Variable: the draws; differentiable with respect to the parameters for
            distributions whose ``sample_n`` is reparameterized.
        """
        sample_shape = utils.normalize_sample_shape(type(self).__name__, sample_shape)
        samples = self.sample_n(math.prod(sample_shape))
        return samples.reshape(sample_shape + self.batch_shape + self.event_shape)

    def sample_n(self, n):
        """Draws ``n`` points: a Variable of shape ``(n,) + batch_shape + event_shape``."""
        raise NotImplementedError

    @property
    def xp(self):
        """The array module (NumPy or CuPy) of the parameters."""
        return backend.get_array_module(*self.params.values())

    @property
    def device(self):
        """The device the parameters live on."""
        return backend.get_device_from_array(*self.params.values())

    def __repr__(self):
        return '{}(batch_shape={}, event_shape={})'.format(
            type(self).__name__, self.batch_shape, self.event_shape)


_KL_REGISTRY = {}


def register_kl(Dist1, Dist2):
    """Decorator registering the function that computes ``KL(dist1 || dist2)``.

    :func:`kl_divergence` calls the registered function for instances of ``Dist1`` and
    ``Dist2`` (or of their subclasses, when no closer pair is registered).

    Args:
        Dist1 (type): a Distribution subclass, the type of the first argument.
        Dist2 (type): a Distribution subclass, the type of the second argument.

    Returns:
        callable: the decorator; it registers the function and returns it unchanged.

    Example:
        >>> @register_kl(MyDist, MyDist)
        ... def _kl_mydist_mydist(dist1, dist2):
        ...     return ...
    """
    for name, cls in (('Dist1', Dist1), ('Dist2', Dist2)):
        if not (isinstance(cls, type) and issubclass(cls, Distribution)):
            raise TypeError('register_kl: {} must be a subclass of Distribution, but got {!r}'
                            .format(name, cls))

    def register(kl):
        _KL_REGISTRY[Dist1, Dist2] = kl
        return kl
    return register


def _find_kl(type1, type2):
    """The registered function for the closest pair of (base) classes, or None."""
    best, best_rank = None, None
    for rank1, base1 in enumerate(type1.__mro__):
        for rank2, base2 in enumerate(type2.__mro__):
            kl = _KL_REGISTRY.get((base1, base2))
            if kl is not None and (best_rank is None or rank1 + rank2 < best_rank):
                best, best_rank = kl, rank1 + rank2
    return best


def kl_divergence(dist1, dist2):
    """Kullback-Leibler divergence ``KL(dist1 || dist2)``.

    ``sum_x p(x) log(p(x) / q(x))`` for discrete distributions and the corresponding
    integral for continuous ones, computed by the function registered with
    :func:`register_kl` for the two types.

    Args:
        dist1 (Distribution): the first (left) operand ``p``.
        dist2 (Distribution): the second (right) operand ``q``.

    Returns:
        Variable: the divergence, of shape ``batch_shape``.

    Raises:
        NotImplementedError: when no function is registered for the pair of types.
    """
    kl = _KL_REGISTRY.get((type(dist1), type(dist2))) or _find_kl(type(dist1), type(dist2))
    if kl is None:
        raise NotImplementedError(
            'kl_divergence: no KL divergence is registered for ({}, {}); register one with '
            'register_kl'.format(type(dist1).__name__, type(dist2).__name__))
    return kl(dist1, dist2)


def cross_entropy(dist1, dist2):
    """Cross entropy ``H(p, q) = -E_p[log q(x)] = H(p) + KL(p || q)``.

    Args:
        dist1 (Distribution): ``p``; it must define ``entropy``.
        dist2 (Distribution): ``q``; a KL divergence must be registered for the pair.

    Returns:
        Variable: the cross entropy, of shape ``batch_shape``.
    """
    return dist1.entropy + kl_divergence(dist1, dist2)
