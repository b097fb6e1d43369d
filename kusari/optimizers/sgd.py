"""Stochastic gradient descent."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01


class SGDRule(optimizer.UpdateRule):
    """``param -= lr * grad``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: SGD's defaults).
        lr (float): learning rate (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        # the arrays without the properties' calls (the step is in place): 4 us of the
        # 140 us captured MLP step (benchmarks, mlp_small_captured)
        # (_skip_without_grad has checked that the gradient is there)
        param._array -= self.hyperparam.lr * param._grad_var._array  # type: ignore[attr-defined]

    update_core_gpu = update_core_cpu


class SGD(optimizer.GradientMethod):
    """Vanilla stochastic gradient descent.

    Args:
        lr (float): learning rate (default 0.01).
    """

    lr = optimizer.HyperparameterProxy('lr')

    def __init__(self, lr: float = _default_hyperparam.lr) -> None:
        super().__init__()
        self.hyperparam.lr = lr

    def create_update_rule(self) -> SGDRule:
        return SGDRule(self.hyperparam)
