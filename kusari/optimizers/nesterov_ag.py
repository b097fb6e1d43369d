"""Nesterov's accelerated gradient (Sutskever et al. 2013, Bengio et al.'s reformulation)."""

from kusari import optimizer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


class NesterovAGRule(optimizer.UpdateRule):
    """``v = mu * v - lr * g; param += mu^2 * v - (1 + mu) * lr * g``.

    Bengio et al. (https://arxiv.org/abs/1212.0901, eq. 7) rewrite the look-ahead
    momentum update in terms of the look-ahead point, with the velocity *before* this
    step in the ``mu^2`` term. Chainer uses the updated velocity there; kusari keeps
    Chainer's rule so that trained models and step-by-step results agree with it.
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, momentum=momentum)

    def init_state(self, param):
        self.state['v'] = param.xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        lr, mu = self.hyperparam.lr, self.hyperparam.momentum
        v = self.state['v']
        step = lr * param.grad
        v *= mu
        v -= step
        step *= 1 + mu
        param.array -= step
        param.array += (mu * mu) * v

    update_core_gpu = update_core_cpu


class NesterovAG(optimizer.GradientMethod):
    """Nesterov's accelerated gradient.

    Args:
        lr (float): learning rate.
        momentum (float): exponential decay rate of the velocity.
    """

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def __init__(self, lr=_default_hyperparam.lr, momentum=_default_hyperparam.momentum):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum

    def create_update_rule(self):
        return NesterovAGRule(self.hyperparam)
