"""Stochastic gradient descent with momentum."""

from kusari import optimizer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


class MomentumSGDRule(optimizer.UpdateRule):
    """``v = momentum * v - lr * grad; param += v``."""

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr
        if momentum is not None:
            self.hyperparam.momentum = momentum

    def init_state(self, param):
        self.state['v'] = param.xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        v = self.state['v']
        v *= self.hyperparam.momentum
        v -= self.hyperparam.lr * param.grad
        param.array += v

    update_core_gpu = update_core_cpu


class MomentumSGD(optimizer.GradientMethod):
    """Momentum SGD.

    Args:
        lr (float): learning rate.
        momentum (float): exponential decay rate of the first moment.
    """

    lr = optimizer.HyperparameterProxy('lr')
    momentum = optimizer.HyperparameterProxy('momentum')

    def __init__(self, lr=_default_hyperparam.lr, momentum=_default_hyperparam.momentum):
        super().__init__()
        self.hyperparam.lr = lr
        self.hyperparam.momentum = momentum

    def create_update_rule(self):
        return MomentumSGDRule(self.hyperparam)
