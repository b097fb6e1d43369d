"""Stochastic gradient descent with momentum, and the base of its variants."""

from kusari import optimizer

# Shared by MomentumSGD, CorrectedMomentumSGD and NesterovAG, whose defaults are the same.
_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


class _VelocityRule(optimizer.UpdateRule):
    """A rule with hyperparameters ``lr`` and ``momentum`` and one state, the velocity
    ``v``; subclasses write the update."""

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, momentum=momentum)

    def init_state(self, param):
        self.state['v'] = param.xp.zeros_like(param.array)


class _VelocityMethod(optimizer.GradientMethod):
    """An optimizer whose hyperparameters are ``lr`` and ``momentum``; subclasses say
    which rule it creates."""

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def __init__(self, lr=_default_hyperparam.lr, momentum=_default_hyperparam.momentum):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum


class MomentumSGDRule(_VelocityRule):
    """``v = momentum * v - lr * grad; param += v``."""

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        v = self.state['v']
        v *= self.hyperparam.momentum
        v -= self.hyperparam.lr * param.grad
        param.array += v

    update_core_gpu = update_core_cpu


class MomentumSGD(_VelocityMethod):
    """Momentum SGD.

    Args:
        lr (float): learning rate.
        momentum (float): exponential decay rate of the first moment.
    """

    def create_update_rule(self):
        return MomentumSGDRule(self.hyperparam)
