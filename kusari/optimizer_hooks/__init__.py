"""Optimizer hooks: gradient transformations run before or after each update
(Chainer's ``chainer.optimizer_hooks``)."""

from kusari.optimizer_hooks.gradient_clipping import GradientClipping  # NOQA
from kusari.optimizer_hooks.gradient_hard_clipping import GradientHardClipping  # NOQA
from kusari.optimizer_hooks.gradient_lars import GradientLARS  # NOQA
from kusari.optimizer_hooks.gradient_noise import GradientNoise, exponential_decay_noise  # NOQA
from kusari.optimizer_hooks.lasso import Lasso  # NOQA
from kusari.optimizer_hooks.weight_decay import WeightDecay  # NOQA
