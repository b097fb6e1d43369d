"""ADADELTA (Zeiler, 2012)."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.rho = 0.95
_default_hyperparam.eps = 1e-6


class AdaDeltaRule(optimizer.UpdateRule):
    """``msg = rho*msg + (1-rho)*g^2; dx = sqrt((msdx+eps)/(msg+eps)) * g;
    msdx = rho*msdx + (1-rho)*dx^2; param -= dx``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: AdaDelta's defaults).
        rho (float): exponential decay rate of the running averages (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 rho: float | None = None, eps: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(rho=rho, eps=eps)

    def init_state(self, param: Variable) -> None:
        xp = param.xp
        self.state['msg'] = xp.zeros_like(param.array)
        self.state['msdx'] = xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        rho, eps = self.hyperparam.rho, self.hyperparam.eps
        grad, msg, msdx = param.grad, self.state['msg'], self.state['msdx']
        msg *= rho
        # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
        dx = xp.asarray(xp.multiply(grad, grad))
        dx *= 1 - rho
        msg += dx
        # dx = sqrt((msdx + eps) / (msg + eps)) * grad, built in the one temporary
        xp.add(msdx, eps, out=dx)
        dx /= msg + eps
        xp.sqrt(dx, out=dx)
        dx *= grad
        param.array -= dx
        msdx *= rho
        dx *= dx
        dx *= 1 - rho
        msdx += dx

    update_core_gpu = update_core_cpu


class AdaDelta(optimizer.GradientMethod):
    """Zeiler's ADADELTA: steps scaled by the ratio of running RMS of updates and
    gradients, so no learning rate is needed.

    Args:
        rho (float): exponential decay rate of the running averages (default 0.95).
        eps (float): small value for numerical stability (default 1e-6).
    """

    rho = optimizer.HyperparameterProxy('rho')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, rho: float = _default_hyperparam.rho,
                 eps: float = _default_hyperparam.eps) -> None:
        super().__init__()
        self.hyperparam.rho = rho
        self.hyperparam.eps = eps

    def create_update_rule(self) -> AdaDeltaRule:
        return AdaDeltaRule(self.hyperparam)
