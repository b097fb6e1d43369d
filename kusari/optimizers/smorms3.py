"""Simon Funk's SMORMS3 (http://sifter.org/~simon/journal/20150420.html)."""

from __future__ import annotations

import typing

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.001
_default_hyperparam.eps = 1e-16


class SMORMS3Rule(optimizer.UpdateRule):
    """``r = 1/(mem+1); g = (1-r)g + r*grad; g2 = (1-r)g2 + r*grad^2;
    x = g^2/(g2+eps); param -= grad * min(lr, x) / (sqrt(g2)+eps); mem = 1 + mem(1-x)``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: SMORMS3's defaults).
        lr (float): learning rate, the largest step multiplier (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 lr: float | None = None, eps: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, eps=eps)

    def init_state(self, param: Variable) -> None:
        xp = param.xp
        self.state['mem'] = xp.ones_like(param.array)
        self.state['g'] = xp.zeros_like(param.array)
        self.state['g2'] = xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        grad = param.grad
        mem, g, g2 = self.state['mem'], self.state['g'], self.state['g2']
        # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
        r = xp.asarray(mem + 1)
        xp.reciprocal(r, out=r)
        # g += r * (grad - g); g2 += r * (grad^2 - g2)
        tmp = xp.asarray(xp.subtract(grad, g))
        tmp *= r
        g += tmp
        xp.multiply(grad, grad, out=tmp)
        tmp -= g2
        tmp *= r
        g2 += tmp
        x = r  # reuse: x = g^2 / (g2 + eps)
        xp.add(g2, hp.eps, out=tmp)
        xp.multiply(g, g, out=x)
        x /= tmp
        # step = grad * min(lr, x) / (sqrt(g2) + eps)
        xp.sqrt(g2, out=tmp)
        tmp += hp.eps
        xp.divide(grad, tmp, out=tmp)
        tmp *= xp.minimum(x, hp.lr)
        param.array -= tmp
        # mem = 1 + mem * (1 - x)
        xp.subtract(1, x, out=x)
        mem *= x
        mem += 1

    update_core_gpu = update_core_cpu


class SMORMS3(optimizer.GradientMethod):
    """Simon Funk's SMORMS3 ("squared mean over root mean squared, cubed").

    Args:
        lr (float): learning rate, the largest step multiplier (default 0.001).
        eps (float): small value for numerical stability (default 1e-16).
    """

    lr = optimizer.HyperparameterProxy('lr')
    eps = optimizer.HyperparameterProxy('eps')

    def __init__(self, lr: float = _default_hyperparam.lr,
                 eps: float = _default_hyperparam.eps) -> None:
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.eps = eps

    def create_update_rule(self) -> SMORMS3Rule:
        return SMORMS3Rule(self.hyperparam)
