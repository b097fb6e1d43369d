"""Adam (Kingma & Ba, 2015) with AMSGrad, AdaBound and decoupled weight decay."""

import math

from kusari import optimizer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.alpha = 0.001
_default_hyperparam.beta1 = 0.9
_default_hyperparam.beta2 = 0.999
_default_hyperparam.eps = 1e-8
_default_hyperparam.eta = 1.0
_default_hyperparam.weight_decay_rate = 0
_default_hyperparam.amsgrad = False
_default_hyperparam.adabound = False
_default_hyperparam.final_lr = 0.1
_default_hyperparam.gamma = 1e-3


def _learning_rate(hp, t):
    """The bias-corrected step size ``alpha * sqrt(1 - beta2^t) / (1 - beta1^t)``."""
    if t == 0:
        raise RuntimeError('Adam\'s learning rate is undefined before the first update (t=0)')
    return hp.alpha * math.sqrt(1.0 - hp.beta2 ** t) / (1.0 - hp.beta1 ** t)


class AdamRule(optimizer.UpdateRule):
    """The Adam update of one parameter.

    ``m += (1-beta1)(g-m); v += (1-beta2)(g^2-v); vhat = max(vhat, v) if amsgrad;
    step = alpha_t / (sqrt(vhat) + eps)`` (clipped to AdaBound's bounds if adabound);
    ``param -= eta * (step * m + weight_decay_rate * param)``.
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, **hyperparams):
        super().__init__(parent_hyperparam or _default_hyperparam)
        for name, value in hyperparams.items():
            if value is not None:
                setattr(self.hyperparam, name, value)

    def init_state(self, param):
        xp = param.xp
        self.state['m'] = xp.zeros_like(param.array)
        self.state['v'] = xp.zeros_like(param.array)
        if self.hyperparam.amsgrad:
            self.state['vhat'] = xp.zeros_like(param.array)

    @property
    def alpha_t(self):
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self):
        return self.alpha_t

    def update_core_cpu(self, param):
        hp = self.hyperparam
        grad = param.grad
        xp = param.xp
        m, v = self.state['m'], self.state['v']
        if hp.eps == 0:
            raise ValueError('eps of Adam must be positive to avoid division by zero')
        m += (1 - hp.beta1) * (grad - m)
        v += (1 - hp.beta2) * (grad * grad - v)
        if hp.amsgrad:
            vhat = self.state['vhat']
            xp.maximum(vhat, v, out=vhat)
        else:
            vhat = v
        step = xp.sqrt(vhat)
        step += hp.eps
        xp.divide(self.alpha_t, step, out=step)
        if hp.adabound:
            final_lr = hp.final_lr * self.alpha_t / hp.alpha
            lower = final_lr * (1.0 - 1.0 / (hp.gamma * self.t + 1))
            upper = final_lr * (1.0 + 1.0 / (hp.gamma * self.t))
            xp.clip(step, lower, upper, out=step)
        step *= m
        if hp.weight_decay_rate != 0:
            step += hp.weight_decay_rate * param.array
        step *= hp.eta
        param.array -= step

    update_core_gpu = update_core_cpu


class Adam(optimizer.GradientMethod):
    """Adam optimizer.

    Args:
        alpha (float): coefficient of the step size.
        beta1, beta2 (float): decay rates of the first and second moments.
        eps (float): small value for numerical stability.
        eta (float): schedule multiplier (for learning-rate schedules).
        weight_decay_rate (float): decoupled weight decay (AdamW).
        amsgrad (bool): use AMSGrad.
        adabound (bool): use AdaBound.
        final_lr, gamma (float): AdaBound's final step size and convergence speed.
    """

    alpha = optimizer.HyperparameterProxy('alpha')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    eps = optimizer.HyperparameterProxy('eps')
    eta = optimizer.HyperparameterProxy('eta')
    weight_decay_rate = optimizer.HyperparameterProxy('weight_decay_rate')
    amsgrad = optimizer.HyperparameterProxy('amsgrad')
    adabound = optimizer.HyperparameterProxy('adabound')
    final_lr = optimizer.HyperparameterProxy('final_lr')
    gamma = optimizer.HyperparameterProxy('gamma')

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate,
                 amsgrad=_default_hyperparam.amsgrad, adabound=_default_hyperparam.adabound,
                 final_lr=_default_hyperparam.final_lr, gamma=_default_hyperparam.gamma):
        super().__init__()
        hp = self.hyperparam
        hp.alpha, hp.beta1, hp.beta2, hp.eps, hp.eta = alpha, beta1, beta2, eps, eta
        hp.weight_decay_rate, hp.amsgrad, hp.adabound = weight_decay_rate, amsgrad, adabound
        hp.final_lr, hp.gamma = final_lr, gamma

    def create_update_rule(self):
        return AdamRule(self.hyperparam)

    @property
    def alpha_t(self):
        return _learning_rate(self.hyperparam, self.t)

    @property
    def lr(self):
        return self.alpha_t
