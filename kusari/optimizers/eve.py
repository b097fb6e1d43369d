"""Eve (Koushik & Hayashi, 2016: "Improving Stochastic Gradient Descent with Feedback").

Adam whose step is divided by ``d``, a running average of the relative change of a
smoothed loss: the step shrinks while the objective fluctuates and grows back when it
settles. Chainer never merged it; this follows the paper's Algorithm 1, including the
known minimum ``f*`` of the objective (0 by default).
"""

from kusari import optimizer
from kusari.optimizers import adam

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

    def __init__(self):
        self.d = 1.0
        self.f_hat = None

    def observe(self, hp, loss, t):
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

    def serialize(self, serializer):
        self.d = float(serializer('d', self.d))
        f_hat = serializer('f_hat', float('nan') if self.f_hat is None else self.f_hat)
        self.f_hat = None if f_hat != f_hat else float(f_hat)


class EveRule(optimizer.UpdateRule):
    """``m, v`` as in Adam; ``param -= alpha * mhat / (d * sqrt(vhat) + eps)`` with the
    bias-corrected moments ``mhat, vhat`` and the shared feedback coefficient ``d``."""

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, feedback=None, alpha=None, beta1=None,
                 beta2=None, eps=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(alpha=alpha, beta1=beta1, beta2=beta2, eps=eps)
        self.feedback = feedback if feedback is not None else EveFeedback()

    def init_state(self, param):
        adam._init_moments(self.state, param)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
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
        alpha (float): step size.
        beta1, beta2 (float): decay rates of the gradient's first and second moments.
        beta3 (float): decay rate of the loss feedback ``d``.
        eps (float): small value for numerical stability.
        lower_threshold, upper_threshold (float): ``k`` and ``K``, the bounds of the
            relative loss change taken into account.
        f_star (float): the minimum value of the loss (0 for most losses).
    """

    alpha = optimizer.HyperparameterProxy('alpha')
    beta1 = optimizer.HyperparameterProxy('beta1')
    beta2 = optimizer.HyperparameterProxy('beta2')
    beta3 = optimizer.HyperparameterProxy('beta3')
    eps = optimizer.HyperparameterProxy('eps')
    lower_threshold = optimizer.HyperparameterProxy('lower_threshold')
    upper_threshold = optimizer.HyperparameterProxy('upper_threshold')
    f_star = optimizer.HyperparameterProxy('f_star')

    def __init__(self, alpha=_default_hyperparam.alpha, beta1=_default_hyperparam.beta1,
                 beta2=_default_hyperparam.beta2, beta3=_default_hyperparam.beta3,
                 eps=_default_hyperparam.eps,
                 lower_threshold=_default_hyperparam.lower_threshold,
                 upper_threshold=_default_hyperparam.upper_threshold,
                 f_star=_default_hyperparam.f_star):
        super().__init__()
        hp = self.hyperparam
        hp.alpha, hp.beta1, hp.beta2, hp.beta3, hp.eps = alpha, beta1, beta2, beta3, eps
        hp.lower_threshold, hp.upper_threshold = lower_threshold, upper_threshold
        hp.f_star = f_star
        self.feedback = EveFeedback()

    def create_update_rule(self):
        return EveRule(self.hyperparam, self.feedback)

    def update(self, lossfun=None, *args, **kwds):
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

    def serialize(self, serializer):
        super().serialize(serializer)
        self.feedback.serialize(serializer['feedback'])
