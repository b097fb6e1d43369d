"""Alex Graves's RMSprop (Graves, 2013, eqs. 38-41)."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 1e-4
_default_hyperparam.alpha = 0.95
_default_hyperparam.momentum = 0.9
_default_hyperparam.eps = 1e-4


class RMSpropGravesRule(optimizer.UpdateRule):
    """``n = a*n + (1-a)*g^2; m = a*m + (1-a)*g;
    delta = momentum*delta - lr * g / sqrt(n - m^2 + eps); param += delta``.

    The state keys are Chainer's: ``n``, ``g`` (the running mean ``m``) and ``delta``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: RMSpropGraves's defaults).
        lr (float): learning rate (None: the parent's).
        alpha (float): exponential decay rate of the gradient's first and second moments
            (None: the parent's).
        momentum (float): exponential decay rate of the step's momentum (None: the
            parent's).
        eps (float): small value for numerical stability (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, alpha: float | None = None, momentum: float | None = None,
                 eps: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, alpha=alpha, momentum=momentum, eps=eps)

    def init_state(self, param: Variable) -> None:
        xp = param.xp
        self.state['n'] = xp.zeros_like(param.array)
        self.state['g'] = xp.zeros_like(param.array)
        self.state['delta'] = xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        grad = param.grad
        n, g, delta = self.state['n'], self.state['g'], self.state['delta']
        a = hp.alpha
        # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
        tmp = xp.asarray(xp.multiply(grad, grad))
        tmp *= 1 - a
        n *= a
        n += tmp
        g *= a
        xp.multiply(grad, 1 - a, out=tmp)
        g += tmp
        # tmp = lr * grad / sqrt(n - g^2 + eps)
        xp.multiply(g, g, out=tmp)
        xp.subtract(n, tmp, out=tmp)
        tmp += hp.eps
        xp.sqrt(tmp, out=tmp)
        xp.divide(grad, tmp, out=tmp)
        tmp *= hp.lr
        delta *= hp.momentum
        delta -= tmp
        param.array += delta

    update_core_gpu = update_core_cpu


class RMSpropGraves(optimizer.GradientMethod):
    """Alex Graves's RMSprop: momentum on steps normalized by a running estimate of
    the gradient's standard deviation.

    Args:
        lr (float): learning rate (default 1e-4).
        alpha (float): exponential decay rate of the gradient's first and second moments
            (default 0.95).
        momentum (float): exponential decay rate of the step's momentum (default 0.9).
        eps (float): small value for numerical stability (default 1e-4).
    """

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    momentum = optimizer.HyperparameterProxy('momentum')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 alpha: float = _default_hyperparam.alpha,
                 momentum: float = _default_hyperparam.momentum,
                 eps: float = _default_hyperparam.eps) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.alpha = alpha
        self.hyperparam.momentum = momentum
        self.hyperparam.eps = eps

    def create_update_rule(self) -> RMSpropGravesRule:
        return RMSpropGravesRule(self.hyperparam)
