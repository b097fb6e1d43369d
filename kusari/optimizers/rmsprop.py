"""RMSprop (Tieleman & Hinton, 2012)."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.alpha = 0.99
_default_hyperparam.eps = 1e-8
_default_hyperparam.eps_inside_sqrt = False


class RMSpropRule(optimizer.UpdateRule):
    """``ms = alpha*ms + (1-alpha)*g^2; param -= lr * g / (sqrt(ms) + eps)``
    (``sqrt(ms + eps)`` when ``eps_inside_sqrt``).

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: RMSprop's defaults).
        lr (float): learning rate (None: the parent's).
        alpha (float): exponential decay rate of the second moment (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
        eps_inside_sqrt (bool): add ``eps`` inside the square root instead of after it
            (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, alpha: float | None = None, eps: float | None = None,
                 eps_inside_sqrt: bool | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, alpha=alpha, eps=eps, eps_inside_sqrt=eps_inside_sqrt)

    def init_state(self, param: Variable) -> None:
        self.state['ms'] = param.xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        if hp.eps <= 0:
            raise ValueError('RMSprop: eps must be positive, got {}'.format(hp.eps))
        grad, ms = param.grad, self.state['ms']
        ms *= hp.alpha
        # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
        tmp = xp.asarray(xp.multiply(grad, grad))
        tmp *= 1 - hp.alpha
        ms += tmp
        if hp.eps_inside_sqrt:
            xp.add(ms, hp.eps, out=tmp)
            xp.sqrt(tmp, out=tmp)
        else:
            xp.sqrt(ms, out=tmp)
            tmp += hp.eps
        xp.divide(grad, tmp, out=tmp)
        tmp *= hp.lr
        param.array -= tmp

    update_core_gpu = update_core_cpu


class RMSprop(optimizer.GradientMethod):
    """RMSprop: steps divided by a running RMS of the gradient.

    Args:
        lr (float): learning rate (default 0.01).
        alpha (float): exponential decay rate of the second moment (default 0.99).
        eps (float): small value for numerical stability (default 1e-8).
        eps_inside_sqrt (bool): add ``eps`` inside the square root (as TensorFlow
            does) instead of after it (default False).
    """

    lr = optimizer.HyperparameterProxy('lr')
    alpha = optimizer.HyperparameterProxy('alpha')
    eps = optimizer.HyperparameterProxy('eps')
    eps_inside_sqrt = optimizer.HyperparameterProxy('eps_inside_sqrt')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 alpha: float = _default_hyperparam.alpha, eps: float = _default_hyperparam.eps,
                 eps_inside_sqrt: bool = _default_hyperparam.eps_inside_sqrt) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.alpha = alpha
        self.hyperparam.eps = eps
        self.hyperparam.eps_inside_sqrt = eps_inside_sqrt

    def create_update_rule(self) -> RMSpropRule:
        return RMSpropRule(self.hyperparam)
