"""Stochastic gradient descent with momentum, and the base of its variants."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

# Shared by MomentumSGD, CorrectedMomentumSGD and NesterovAG, whose defaults are the same.
_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


class _VelocityRule(optimizer.UpdateRule):
    """A rule with hyperparameters ``lr`` and ``momentum`` and one state, the velocity
    ``v``; subclasses write the update."""

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, momentum: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, momentum=momentum)

    def init_state(self, param: Variable) -> None:
        self.state['v'] = param.xp.zeros_like(param.array)


class _VelocityMethod(optimizer.GradientMethod):
    """An optimizer whose hyperparameters are ``lr`` and ``momentum``; subclasses say
    which rule it creates."""

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 momentum: float = _default_hyperparam.momentum) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum


class MomentumSGDRule(_VelocityRule):
    """``v = momentum * v - lr * grad; param += v``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: MomentumSGD's defaults).
        lr (float): learning rate (None: the parent's).
        momentum (float): exponential decay rate of the velocity (None: the parent's).
    """

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        v = self.state['v']
        v *= self.hyperparam.momentum
        v -= self.hyperparam.lr * param.grad
        param.array += v

    update_core_gpu = update_core_cpu


class MomentumSGD(_VelocityMethod):
    """Momentum SGD.

    Args:
        lr (float): learning rate (default 0.01).
        momentum (float): exponential decay rate of the velocity (default 0.9).
    """

    def create_update_rule(self) -> MomentumSGDRule:
        return MomentumSGDRule(self.hyperparam)
