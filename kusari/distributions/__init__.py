"""Probability distributions (Chainer's ``chainer.distributions``).

Each distribution takes its parameters as Variables or arrays and computes
log-probabilities, moments, entropies and samples as differentiable Variables.
``kl_divergence`` dispatches on the types of its two arguments to functions registered
with ``register_kl``; ``Distribution``, ``kl_divergence``, ``cross_entropy`` and
``register_kl`` are also Chainer's top-level ``chainer.*`` names.
"""

from kusari.distributions.bernoulli import Bernoulli
from kusari.distributions.beta import Beta
from kusari.distributions.categorical import Categorical
from kusari.distributions.cauchy import Cauchy
from kusari.distributions.chisquare import Chisquare
from kusari.distributions.dirichlet import Dirichlet
from kusari.distributions.distribution import (Distribution, cross_entropy, kl_divergence,
                                               register_kl)
from kusari.distributions.exponential import Exponential
from kusari.distributions.gamma import Gamma
from kusari.distributions.geometric import Geometric
from kusari.distributions.gumbel import Gumbel
from kusari.distributions.independent import Independent
from kusari.distributions.laplace import Laplace
from kusari.distributions.log_normal import LogNormal
from kusari.distributions.multivariate_normal import MultivariateNormal
from kusari.distributions.normal import Normal
from kusari.distributions.one_hot_categorical import OneHotCategorical
from kusari.distributions.pareto import Pareto
from kusari.distributions.poisson import Poisson
from kusari.distributions.uniform import Uniform

__all__ = [
    'Bernoulli', 'Beta', 'Categorical', 'Cauchy', 'Chisquare', 'Dirichlet', 'Distribution',
    'Exponential', 'Gamma', 'Geometric', 'Gumbel', 'Independent', 'Laplace', 'LogNormal',
    'MultivariateNormal', 'Normal', 'OneHotCategorical', 'Pareto', 'Poisson', 'Uniform',
    'cross_entropy', 'kl_divergence', 'register_kl',
]
