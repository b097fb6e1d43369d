"""Optimizers (Chainer's ``chainer.optimizers``)."""

from kusari.optimizers.adam import Adam, AdamRule  # NOQA
from kusari.optimizers.momentum_sgd import MomentumSGD, MomentumSGDRule  # NOQA
from kusari.optimizers.sgd import SGD, SGDRule  # NOQA
