"""Eve (Koushik & Hayashi, 2016: "Improving Stochastic Gradient Descent with Feedback").

Adam whose step is divided by ``d``, a running average of the relative change of a
smoothed loss: the step shrinks while the objective fluctuates and grows back when it
settles. Chainer never merged it; this follows the paper's Algorithm 1, including the
known minimum ``f*`` of the objective (0 by default).
"""

from __future__ import annotations

import typing

from kusari import optimizer
from kusari.optimizers import adam

if typing.TYPE_CHECKING:
    from kusari.core import Variable
    from kusari.serializer import AbstractSerializer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.alpha = 0.001
_default_hyperparam.beta1 = 0.9
_default_hyperparam.beta2 = 0.999
_default_hyperparam.beta3 = 0.999
_default_hyperparam.eps = 1e-8
_default_hyperparam.lower_threshold = 0.1
_default_hyperparam.upper_threshold = 10.0
_default_hyperparam.f_star = 0.0


class EveFeedback:
    """The loss feedback shared by all parameters: the smoothed loss ``f_hat`` and the
    coefficient ``d`` that divides the step."""

    def __init__(self) -> None:
        self.d = 1.0
        self.f_hat: float | None = None

    def observe(self, hp: optimizer.Hyperparameter, loss: float, t: int) -> None:
        """Update ``d`` and ``f_hat`` with the loss of step ``t`` (1-based)."""
        if t <= 1 or self.f_hat is None:
            self.d = 1.0
            self.f_hat = loss
            return
        f_star, previous = hp.f_star, self.f_hat
        if loss >= previous:
            low, high = hp.lower_threshold + 1.0, hp.upper_threshold + 1.0
        else:
            low, high = 1.0 / (hp.upper_threshold + 1.0), 1.0 / (hp.lower_threshold + 1.0)
        ratio = (loss - f_star) / (previous - f_star)
        c = min(max(low, ratio), high)
        self.f_hat = c * (previous - f_star) + f_star
        r = abs(self.f_hat - previous) / (min(self.f_hat, previous) - f_star)
        self.d += (1.0 - hp.beta3) * (r - self.d)

    def serialize(self, serializer: AbstractSerializer) -> None:
        """Save or load ``d`` and ``f_hat`` (NaN in the file: None)."""
        self.d = float(serializer('d', self.d))
        f_hat = serializer('f_hat', float('nan') if self.f_hat is None else self.f_hat)
        self.f_hat = None if f_hat != f_hat else float(f_hat)


class EveRule(optimizer.UpdateRule):
    """``m, v`` as in Adam; ``param -= alpha * mhat / (d * sqrt(vhat) + eps)`` with the
    bias-corrected moments ``mhat, vhat`` and the shared feedback coefficient ``d``.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            (None: Eve's defaults).
        feedback (EveFeedback): the loss feedback, shared with the optimizer and its
            other rules (None: a new one of this rule's own, whose ``d`` stays 1).
        alpha (float): step size (None: the parent's).
        beta1 (float): decay rate of the gradient's first moment (None: the parent's).
        beta2 (float): decay rate of the gradient's second moment (None: the parent's).
        eps (float): small value for numerical stability (None: the parent's).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam: optimizer.Hyperparameter | None = None,
                 feedback: EveFeedback | None = None, alpha: float | None = None,
                 beta1: float | None = None, beta2: float | None = None,
                 eps: float | None = None) -> None:
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps)
        self.feedback = feedback if feedback is not None else EveFeedback()

    def init_state(self, param: Variable) -> None:
        adam._init_moments(self.state, param)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param: Variable) -> None:
        xp = param.xp
        hp = self.hyperparam
        m, v = self.state['m'], self.state['v']
        tmp = adam._update_moments(xp, param.grad, m, v, hp.beta1, hp.beta2)
        # tmp = d * sqrt(v / (1 - beta2^t)) + eps
        xp.multiply(v, 1.0 / (1.0 - hp.beta2 ** self.t), out=tmp)
        xp.sqrt(tmp, out=tmp)
        tmp *= self.feedback.d
        tmp += hp.eps
        xp.divide(m, tmp, out=tmp)
        tmp *= hp.alpha / (1.0 - hp.beta1 ** self.t)
        param.array -= tmp

    update_core_gpu = update_core_cpu


class Eve(optimizer.GradientMethod):
    """Eve optimizer. ``update`` needs ``lossfun``: the loss value drives the step size.

    Args:
        alpha (float): step size (default 0.001).
        beta1 (float): decay rate of the gradient's first moment (default 0.9).
        beta2 (float): decay rate of the gradient's second moment (default 0.999).
        beta3 (float): decay rate of the loss feedback ``d`` (default 0.999).
        eps (float): small value for numerical stability (default 1e-8).
        lower_threshold (float): ``k``, the lower bound of the relative loss change
            taken into account (default 0.1).
        upper_threshold (float): ``K``, its upper bound (default 10.0).
        f_star (float): the minimum value of the loss (default 0.0, right for most
            losses).
    """

    alpha = optimizer.HyperparameterProxy('alpha')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    beta3 = optimizer.HyperparameterProxy('beta3')
    eps = optimizer.HyperparameterProxy('eps')
    lower_threshold = optimizer.HyperparameterProxy('lower_threshold')
    upper_threshold = optimizer.HyperparameterProxy('upper_threshold')
    f_star = optimizer.HyperparameterProxy('f_star')

    def __init__(self, alpha: float = _default_hyperparam.alpha,
                 beta1: float = _default_hyperparam.beta1,
                 beta2: float = _default_hyperparam.beta2,
                 beta3: float = _default_hyperparam.beta3, eps: float = _default_hyperparam.eps,
                 lower_threshold: float = _default_hyperparam.lower_threshold,
                 upper_threshold: float = _default_hyperparam.upper_threshold,
                 f_star: float = _default_hyperparam.f_star) -> None:
        super().__init__()
        hp = self.hyperparam
        hp.alpha, hp.beta1, hp.beta2, hp.beta3, hp.eps = alpha, beta1, beta2, beta3, eps
        hp.lower_threshold, hp.upper_threshold = lower_threshold, upper_threshold
        hp.f_star = f_star
        self.feedback = EveFeedback()

    def create_update_rule(self) -> EveRule:
        return EveRule(self.hyperparam, self.feedback)

    def update(self, lossfun: typing.Callable[..., Variable] | None = None, *args: typing.Any,
               **kwds: typing.Any) -> None:
        """Compute the loss with ``lossfun(*args, **kwds)``, feed it back, and update."""
        if lossfun is None:
            raise RuntimeError('Eve.update needs lossfun: the loss value sets the step size')
        loss = lossfun(*args, **kwds)
        value = float(loss.array)
        if value <= self.hyperparam.f_star:
            raise ValueError('Eve: the loss {} must exceed f_star {}'.format(
                value, self.hyperparam.f_star))
        self.feedback.observe(self.hyperparam, value, self.t + 1)
        super().update(lambda: loss)

    def serialize(self, serializer: AbstractSerializer) -> None:
        super().serialize(serializer)
        self.feedback.serialize(serializer['feedback'])
