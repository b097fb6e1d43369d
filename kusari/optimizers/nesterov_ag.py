"""Nesterov's accelerated gradient (Sutskever et al. 2013, Bengio et al.'s reformulation)."""

from __future__ import annotations

import typing

from kusari import optimizer
from kusari.optimizers.momentum_sgd import _VelocityMethod, _VelocityRule

if typing.TYPE_CHECKING:
    from kusari.core import Variable


class NesterovAGRule(_VelocityRule):
    """``v = mu * v - lr * g; param += mu^2 * v - (1 + mu) * lr * g``.

    Bengio et al. (https://arxiv.org/abs/1212.0901, eq. 7) rewrite the look-ahead
    momentum update in terms of the look-ahead point, with the velocity *before* this
    step in the ``mu^2`` term. Chainer uses the updated velocity there; kusari keeps
    Chainer's rule so that trained models and step-by-step results agree with it.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: NesterovAG's defaults).
        lr (float): learning rate (None: the parent's).
        momentum (float): exponential decay rate of the velocity (None: the parent's).
    """

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        lr, mu = self.hyperparam.lr, self.hyperparam.momentum
        v = self.state['v']
        step = lr * param.grad
        v *= mu
        v -= step
        step *= 1 + mu
        param.array -= step
        param.array += (mu * mu) * v

    update_core_gpu = update_core_cpu


class NesterovAG(_VelocityMethod):
    """Nesterov's accelerated gradient.

    Args:
        lr (float): learning rate (default 0.01).
        momentum (float): exponential decay rate of the velocity (default 0.9).
    """

    def create_update_rule(self) -> NesterovAGRule:
        return NesterovAGRule(self.hyperparam)
