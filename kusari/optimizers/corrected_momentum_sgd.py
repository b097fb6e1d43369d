"""Momentum SGD with the learning rate applied after the momentum accumulation."""

from __future__ import annotations

import typing

from kusari import optimizer
from kusari.optimizers.momentum_sgd import _VelocityMethod, _VelocityRule

if typing.TYPE_CHECKING:
    from kusari.core import Variable


class CorrectedMomentumSGDRule(_VelocityRule):
    """``v = momentum * v - grad; param += lr * v``.

    Scaling ``v`` by the current ``lr`` (instead of accumulating ``lr * grad``) keeps
    the effective step right when the learning rate changes during training
    (Goyal et al., 2017).

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: CorrectedMomentumSGD's defaults).
        lr (float): learning rate (None: the parent's).
        momentum (float): exponential decay rate of the velocity (None: the parent's).
    """

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        hp = self.hyperparam
        v = self.state['v']
        v *= hp.momentum
        v -= param.grad
        param.array += hp.lr * v

    update_core_gpu = update_core_cpu


class CorrectedMomentumSGD(_VelocityMethod):
    """Momentum SGD whose velocity is scaled by the learning rate at each step.

    Args:
        lr (float): learning rate (default 0.01).
        momentum (float): exponential decay rate of the velocity (default 0.9).
    """

    def create_update_rule(self) -> CorrectedMomentumSGDRule:
        return CorrectedMomentumSGDRule(self.hyperparam)
