"""Adam (Kingma & Ba, 2015) and its variants: AdamW, AMSGrad, AdaBound, AMSBound."""

from __future__ import annotations

import typing
import math

import numpy

from kusari import optimizer

if typing.TYPE_CHECKING:
    from kusari.core import Variable

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

    t: int
    hyperparam: optimizer.Hyperparameter

    @property
    def alpha_t(self) -> float:
        """The bias-corrected step size at step ``t`` (undefined before the first update)."""
        if self.t == 0:
            raise RuntimeError('Adam: the learning rate is undefined before the first '
                               'update (t=0)')
        hp = self.hyperparam
        return hp.alpha * math.sqrt(1.0 - hp.beta2 ** self.t) / (1.0 - hp.beta1 ** self.t)

    @property
    def lr(self) -> float:
        """Alias of :attr:`alpha_t`."""
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

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: Adam's defaults).
        alpha (float): coefficient of the step size (None: the parent's).
        beta1 (float): decay rate of the first moment (None: the parent's).
        beta2 (float): decay rate of the second moment (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
        eta (float): schedule multiplier (None: the parent's).
        weight_decay_rate (float): decoupled weight decay rate (None: the parent's).
        amsgrad (bool): use AMSGrad (None: the parent's).
        adabound (bool): use AdaBound (None: the parent's).
        final_lr (float): AdaBound's final (SGD) learning rate (None: the parent's).
        gamma (float): AdaBound's convergence speed of the bounds (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 alpha: float | None = None, beta1: float | None = None,
                 beta2: float | None = None, eps: float | None = None,
                 eta: float | None = None, weight_decay_rate: float | None = None,
                 amsgrad: bool | None = None, adabound: bool | None = None,
                 final_lr: float | None = None, gamma: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                                   weight_decay_rate=weight_decay_rate, amsgrad=amsgrad,
                                   adabound=adabound, final_lr=final_lr, gamma=gamma)
        # AdaBound's final learning rate follows later changes of alpha (e.g. by a
        # schedule) relative to the alpha at creation.
        self.initial_alpha = self.hyperparam.alpha

    def init_state(self, param: Variable) -> None:
        _init_moments(self.state, param)
        if self.hyperparam.amsgrad:
            self.state['vhat'] = param.xp.zeros_like(param.array)

    @property
    def bounds(self) -> tuple[float, float]:
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
    def update_core_cpu(self, param: Variable) -> None:
        hp = self.hyperparam
        xp = param.xp
        # A float16 parameter's step is computed in float32, as Chainer does (eps and
        # the squared gradients underflow in float16).
        dtype = param.array.dtype
        if dtype.type is numpy.float16:
            dtype = numpy.dtype(numpy.float32)
        eps = hp.eps
        if eps != 0 and dtype.type(eps) == 0:
            raise ValueError('Adam: eps {} underflows to zero in {}'.format(eps, dtype))
        grad = param.grad.astype(dtype, copy=False)
        m, v = self.state['m'], self.state['v']
        step = _update_moments(xp, grad, m, v, hp.beta1, hp.beta2)
        if hp.amsgrad:
            vhat = self.state['vhat']
            xp.maximum(vhat, v, out=vhat)
        else:
            vhat = v
        xp.sqrt(vhat, out=step)
        step += eps
        xp.divide(self.alpha_t, step, out=step)
        if hp.adabound:
            lower, upper = self.bounds
            xp.clip(step, lower, upper, out=step)
        step *= m
        if hp.weight_decay_rate != 0:
            param.array *= 1 - hp.eta * hp.weight_decay_rate
        eta = hp.eta
        if eta != 1:  # a product by 1 changes no bit
            step *= eta
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

    The learning rate is ``alpha``: ``Adam(lr=...)`` is refused (a TypeError), as the
    ``lr`` attribute is the bias-corrected step size derived from it.

    Args:
        alpha (float): coefficient of the step size (default 0.001).
        beta1 (float): decay rate of the first moment (default 0.9).
        beta2 (float): decay rate of the second moment (default 0.999).
        eps (float): small value for numerical stability (default 1e-8).
        eta (float): schedule multiplier, for learning-rate schedules (default 1.0).
        weight_decay_rate (float): decoupled weight decay, as AdamW (default 0).
        amsgrad (bool): use AMSGrad, a non-decreasing second moment (default False).
        adabound (bool): use AdaBound, steps clipped into bounds converging to
            ``final_lr`` (default False).
        final_lr (float): AdaBound's final (SGD) learning rate (default 0.1).
        gamma (float): AdaBound's convergence speed of the bounds (default 1e-3).
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

    def __init__(self, alpha: float = _default_hyperparam.alpha,
                 beta1: float = _default_hyperparam.beta1,
                 beta2: float = _default_hyperparam.beta2, eps: float = _default_hyperparam.eps,
                 eta: float = _default_hyperparam.eta,
                 weight_decay_rate: float = _default_hyperparam.weight_decay_rate,
                 amsgrad: bool = _default_hyperparam.amsgrad,
                 adabound: bool = _default_hyperparam.adabound,
                 final_lr: float = _default_hyperparam.final_lr,
                 gamma: float = _default_hyperparam.gamma) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.alpha, hp.beta1, hp.beta2, hp.eps, hp.eta = alpha, beta1, beta2, eps, eta
        hp.weight_decay_rate, hp.amsgrad, hp.adabound = weight_decay_rate, amsgrad, adabound
        hp.final_lr, hp.gamma = final_lr, gamma

    def create_update_rule(self) -> AdamRule:
        return AdamRule(self.hyperparam)


class AdamW(Adam):
    """Adam with decoupled weight decay (Loshchilov & Hutter).

    Args:
        alpha (float): coefficient of the step size (default 0.001).
        beta1 (float): decay rate of the first moment (default 0.9).
        beta2 (float): decay rate of the second moment (default 0.999).
        eps (float): small value for numerical stability (default 1e-8).
        eta (float): schedule multiplier, for learning-rate schedules (default 1.0).
        weight_decay_rate (float): the decoupled weight decay, applied as
            ``param -= eta * weight_decay_rate * param`` each step (default 0).
    """

    def __init__(self, alpha: float = _default_hyperparam.alpha,
                 beta1: float = _default_hyperparam.beta1,
                 beta2: float = _default_hyperparam.beta2, eps: float = _default_hyperparam.eps,
                 eta: float = _default_hyperparam.eta,
                 weight_decay_rate: float = _default_hyperparam.weight_decay_rate) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         weight_decay_rate=weight_decay_rate)


class AMSGrad(Adam):
    """Adam with a non-decreasing second-moment estimate (Reddi et al., 2018).

    Args:
        alpha (float): coefficient of the step size (default 0.001).
        beta1 (float): decay rate of the first moment (default 0.9).
        beta2 (float): decay rate of the second moment (default 0.999).
        eps (float): small value for numerical stability (default 1e-8).
        eta (float): schedule multiplier, for learning-rate schedules (default 1.0).
    """

    def __init__(self, alpha: float = _default_hyperparam.alpha,
                 beta1: float = _default_hyperparam.beta1,
                 beta2: float = _default_hyperparam.beta2, eps: float = _default_hyperparam.eps,
                 eta: float = _default_hyperparam.eta) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=True)


class _BoundedAdam(Adam):
    """The constructor of AdaBound and AMSBound, which differ only in ``amsgrad``."""

    _amsgrad = False

    def __init__(self, alpha: float = _default_hyperparam.alpha,
                 beta1: float = _default_hyperparam.beta1,
                 beta2: float = _default_hyperparam.beta2,
                 final_lr: float = _default_hyperparam.final_lr,
                 gamma: float = _default_hyperparam.gamma, eps: float = _default_hyperparam.eps,
                 eta: float = _default_hyperparam.eta) -> None:
        super().__init__(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps, eta=eta,
                         amsgrad=self._amsgrad, adabound=True, final_lr=final_lr,
                         gamma=gamma)


class AdaBound(_BoundedAdam):
    """Adam with per-element steps clipped into bounds that converge to ``final_lr``
    (Luo et al., 2019).

    Args:
        alpha (float): coefficient of the step size (default 0.001).
        beta1 (float): decay rate of the first moment (default 0.9).
        beta2 (float): decay rate of the second moment (default 0.999).
        final_lr (float): the learning rate of SGD that the bounds converge to
            (default 0.1).
        gamma (float): how fast the bounds converge (default 1e-3).
        eps (float): small value for numerical stability (default 1e-8).
        eta (float): schedule multiplier, for learning-rate schedules (default 1.0).
    """


class AMSBound(_BoundedAdam):
    """AdaBound on top of AMSGrad (Luo et al., 2019).

    Args:
        alpha (float): coefficient of the step size (default 0.001).
        beta1 (float): decay rate of the first moment (default 0.9).
        beta2 (float): decay rate of the second moment (default 0.999).
        final_lr (float): the learning rate of SGD that the bounds converge to
            (default 0.1).
        gamma (float): how fast the bounds converge (default 1e-3).
        eps (float): small value for numerical stability (default 1e-8).
        eta (float): schedule multiplier, for learning-rate schedules (default 1.0).
    """

    _amsgrad = True
