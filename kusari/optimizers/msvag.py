"""M-SVAG (Balles & Hennig, 2018: "Dissecting Adam"), with decoupled weight decay."""

from __future__ import annotations

import typing

import numpy

from kusari import optimizer
from kusari.optimizers import adam

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.1
_default_hyperparam.beta = 0.9
_default_hyperparam.eta = 1.0
_default_hyperparam.weight_decay_rate = 0


def _variance_factor(beta, t):
    """rho(beta, t): how much of the bias-corrected variance estimate is noise."""
    beta_t = beta ** t
    rho = ((1.0 - beta) ** 2 * (1.0 - beta_t ** 2)
           / ((1.0 - beta_t) ** 2 * (1.0 - beta ** 2)))
    return min(rho, 0.9999)


class MSVAGRule(optimizer.UpdateRule):
    """Momentum SGD with variance adaptation, per element:

    ``m, v`` = running means of ``g`` and ``g^2``; ``mt, vt`` their bias corrections;
    ``s = (vt - mt^2) / (1 - rho)``; ``gamma = clip(mt^2 / (mt^2 + rho s), 0, 1)``
    (0 where undefined); ``param -= eta * (lr * gamma * mt + weight_decay_rate * param)``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: MSVAG's defaults).
        lr (float): learning rate (None: the parent's).
        beta (float): exponential decay rate of the first and second moments (None: the
            parent's).
        eta (float): schedule multiplier (None: the parent's).
        weight_decay_rate (float): decoupled weight decay rate (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, beta: float | None = None, eta: float | None = None,
                 weight_decay_rate: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, beta=beta, eta=eta,
                                   weight_decay_rate=weight_decay_rate)

    def init_state(self, param: Variable) -> None:
        adam._init_moments(self.state, param)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        m, v = self.state['m'], self.state['v']
        beta = hp.beta
        rho = _variance_factor(beta, self.t)
        correction = 1.0 / (1.0 - beta ** self.t)

        mt2 = adam._update_moments(xp, param.grad, m, v, beta, beta)
        mt = xp.multiply(m, correction)
        xp.multiply(mt, mt, out=mt2)
        # gamma = mt2 / (mt2 + rho * s), s = (v * correction - mt2) / (1 - rho)
        gamma = xp.asarray(xp.multiply(v, correction))
        gamma -= mt2
        gamma *= rho / (1.0 - rho)
        gamma += mt2
        with numpy.errstate(invalid='ignore', divide='ignore'):
            xp.divide(mt2, gamma, out=gamma)
        gamma[xp.isnan(gamma)] = 0
        xp.clip(gamma, 0, 1, out=gamma)

        gamma *= mt
        gamma *= hp.lr
        if hp.weight_decay_rate != 0:
            gamma += hp.weight_decay_rate * param.array
        gamma *= hp.eta
        param.array -= gamma

    update_core_gpu = update_core_cpu


class MSVAG(optimizer.GradientMethod):
    """M-SVAG optimizer: momentum SGD whose per-element step shrinks where the
    gradient's relative variance is high.

    Args:
        lr (float): learning rate (default 0.1).
        beta (float): exponential decay rate of the first and second moments
            (default 0.9).
        eta (float): schedule multiplier (default 1.0).
        weight_decay_rate (float): decoupled weight decay rate (default 0).
    """

    lr = optimizer.HyperparameterProxy('lr')
    beta = optimizer.HyperparameterProxy('beta')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 beta: float = _default_hyperparam.beta, eta: float = _default_hyperparam.eta,
                 weight_decay_rate: float = _default_hyperparam.weight_decay_rate) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.beta = beta
        self.hyperparam.eta = eta
        self.hyperparam.weight_decay_rate = weight_decay_rate

    def create_update_rule(self) -> MSVAGRule:
        return MSVAGRule(self.hyperparam)
