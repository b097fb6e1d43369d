"""Adam (Kingma & Ba, 2015) and its variants: AdamW, AMSGrad, AdaBound, AMSBound."""

import math

import numpy

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


class _BiasCorrectedStep:
    """``alpha_t`` (also named ``lr``, as in Chainer) of a rule or optimizer with Adam's
    hyperparameters: the bias-corrected step size ``alpha * sqrt(1 - beta2^t) / (1 - beta1^t)``
    at its step ``t``."""

    @property
    def alpha_t(self):
        if self.t == 0:
            raise RuntimeError('Adam: the learning rate is undefined before the first '
                               'update (t=0)')
        hp = self.hyperparam
        return hp.alpha * math.sqrt(1.0 - hp.beta2 ** self.t) / (1.0 - hp.beta1 ** self.t)

    @property
    def lr(self):
        return self.alpha_t


def _init_moments(state, param):
    """The zero running means ``m`` of the gradient and ``v`` of its square."""
    state['m'] = param.xp.zeros_like(param.array)
    state['v'] = param.xp.zeros_like(param.array)


def _update_moments(xp, grad, m, v, beta1, beta2):
    """``m += (1-beta1)(grad-m); v += (1-beta2)(grad^2-v)`` in place; returns the
    temporary array used, for the caller to reuse."""
    # asarray: for a 0-d parameter the ufunc gives a scalar, which cannot be an out=
    tmp = xp.asarray(xp.subtract(grad, m))
    tmp *= 1 - beta1
    m += tmp
    xp.multiply(grad, grad, out=tmp)
    tmp -= v
    tmp *= 1 - beta2
    v += tmp
    return tmp


class AdamRule(_BiasCorrectedStep, optimizer.UpdateRule):
    """The Adam update of one parameter.

    ``m += (1-beta1)(g-m); v += (1-beta2)(g^2-v); vhat = max(vhat, v)`` (AMSGrad) or
    ``v``; ``step = alpha_t / (sqrt(vhat) + eps)``, clipped to AdaBound's bounds if
    ``adabound``; ``param -= eta * (step * m + weight_decay_rate * param)``.
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, alpha=None, beta1=None, beta2=None, eps=None,
                 eta=None, weight_decay_rate=None, amsgrad=None, adabound=None,
                 final_lr=None, gamma=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                                   weight_decay_rate=weight_decay_rate, amsgrad=amsgrad,
                                   adabound=adabound, final_lr=final_lr, gamma=gamma)
        # AdaBound's final learning rate follows later changes of alpha (e.g. by a
        # schedule) relative to the alpha at creation.
        self.initial_alpha = self.hyperparam.alpha

    def init_state(self, param):
        _init_moments(self.state, param)
        if self.hyperparam.amsgrad:
            self.state['vhat'] = param.xp.zeros_like(param.array)

    @property
    def bounds(self):
        """AdaBound's (lower, upper) bounds of the per-element step at step ``t``."""
        if self.t == 0:
            raise RuntimeError('AdaBound: the bounds are undefined before the first update '
                               '(t=0)')
        hp = self.hyperparam
        final_lr = hp.final_lr * hp.alpha / self.initial_alpha
        lower = final_lr * (1.0 - 1.0 / (hp.gamma * self.t + 1))
        upper = final_lr * (1.0 + 1.0 / (hp.gamma * self.t))
        return lower, upper

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        hp = self.hyperparam
        xp = param.xp
        # A float16 parameter's step is computed in float32, as Chainer does (eps and
        # the squared gradients underflow in float16).
        dtype = numpy.float32 if param.dtype == numpy.float16 else param.dtype
        if hp.eps != 0 and numpy.dtype(dtype).type(hp.eps) == 0:
            raise ValueError('Adam: eps {} underflows to zero in {}'.format(hp.eps, dtype))
        grad = param.grad.astype(dtype, copy=False)
        m, v = self.state['m'], self.state['v']
        step = _update_moments(xp, grad, m, v, hp.beta1, hp.beta2)
        if hp.amsgrad:
            vhat = self.state['vhat']
            xp.maximum(vhat, v, out=vhat)
        else:
            vhat = v
        xp.sqrt(vhat, out=step)
        step += hp.eps
        xp.divide(self.alpha_t, step, out=step)
        if hp.adabound:
            lower, upper = self.bounds
            xp.clip(step, lower, upper, out=step)
        step *= m
        if hp.weight_decay_rate != 0:
            param.array *= 1 - hp.eta * hp.weight_decay_rate
        step *= hp.eta
        param.array -= step

    update_core_gpu = update_core_cpu


class _LearningRateIsAlpha:
    """Rejects ``lr=``, the keyword of SGD-like optimizers, with the name Adam uses.

    A base of its own so that ``inspect.signature`` still shows each class's ``__init__``.
    """

    def __new__(cls, *args, **kwargs):
        if 'lr' in kwargs:
            raise TypeError(
                '{0}() got an unexpected keyword argument \'lr\': {0}\'s learning rate is '
                '`alpha`, as in {0}(alpha={1!r}); its `lr` attribute is the read-only '
                'bias-corrected step size derived from alpha'.format(cls.__name__, kwargs['lr']))
        return super().__new__(cls)


class Adam(_LearningRateIsAlpha, _BiasCorrectedStep, optimizer.GradientMethod):
    """Adam optimizer, with decoupled weight decay (AdamW), AMSGrad and AdaBound options.

    Args:
        alpha (float): coefficient of the step size.
        beta1, beta2 (float): decay rates of the first and second moments.
        eps (float): small value for numerical stability.
        eta (float): schedule multiplier (for learning-rate schedules).
        weight_decay_rate (float): decoupled weight decay (AdamW).
        amsgrad (bool): use AMSGrad (a non-decreasing second moment).
        adabound (bool): use AdaBound (steps clipped into bounds converging to final_lr).
        final_lr (float): AdaBound's final (SGD) learning rate.
        gamma (float): AdaBound's convergence speed of the bounds.
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


class AdamW(Adam):
    """Adam with decoupled weight decay (Loshchilov & Hutter).

    Args:
        alpha, beta1, beta2, eps, eta (float): as in :class:`Adam`.
        weight_decay_rate (float): the decoupled weight decay, applied as
            ``param -= eta * weight_decay_rate * param`` each step.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta,
                 weight_decay_rate=_default_hyperparam.weight_decay_rate):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """Adam with a non-decreasing second-moment estimate (Reddi et al., 2018).

    Args:
        alpha, beta1, beta2, eps, eta (float): as in :class:`Adam`.
    """

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True)


class _BoundedAdam(Adam):
    """The constructor of AdaBound and AMSBound, which differ only in ``amsgrad``."""

    _amsgrad = False

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, final_lr=_default_hyperparam.final_lr,
                 gamma=_default_hyperparam.gamma, eps=_default_hyperparam.eps,
                 eta=_default_hyperparam.eta):
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=self._amsgrad, adabound=True, final_lr=final_lr,
                         gamma=gamma)


class AdaBound(_BoundedAdam):
    """Adam with per-element steps clipped into bounds that converge to ``final_lr``
    (Luo et al., 2019).

    Args:
        alpha, beta1, beta2, eps, eta (float): as in :class:`Adam`.
        final_lr (float): the learning rate of SGD that the bounds converge to.
        gamma (float): how fast the bounds converge.
    """


class AMSBound(_BoundedAdam):
    """AdaBound on top of AMSGrad (Luo et al., 2019).

    Args:
        alpha, beta1, beta2, eps, eta (float): as in :class:`Adam`.
        final_lr (float): the learning rate of SGD that the bounds converge to.
        gamma (float): how fast the bounds converge.
    """

    _amsgrad = True
