"""AdaGrad (Duchi et al., 2011)."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.001
_default_hyperparam.eps = 1e-8


class AdaGradRule(optimizer.UpdateRule):
    """``h += g^2; param -= lr * g / (sqrt(h) + eps)``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: AdaGrad's defaults).
        lr (float): learning rate (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, eps: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, eps=eps)

    def init_state(self, param: Variable) -> None:
        self.state['h'] = param.xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        grad, h = param.grad, self.state['h']
        # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
        tmp = xp.asarray(xp.multiply(grad, grad))
        h += tmp
        xp.sqrt(h, out=tmp)
        tmp += hp.eps
        xp.divide(grad, tmp, out=tmp)
        tmp *= hp.lr
        param.array -= tmp

    update_core_gpu = update_core_cpu


class AdaGrad(optimizer.GradientMethod):
    """AdaGrad: per-element steps shrinking with the accumulated squared gradient.

    Args:
        lr (float): learning rate (default 0.001).
        eps (float): small value for numerical stability (default 1e-8).
    """

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 eps: float = _default_hyperparam.eps) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.eps = eps

    def create_update_rule(self) -> AdaGradRule:
        return AdaGradRule(self.hyperparam)
