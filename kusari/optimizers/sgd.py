"""Stochastic gradient descent."""

from kusari import optimizer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01


class SGDRule(optimizer.UpdateRule):
    """``param -= lr * grad``."""

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, lr=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        if lr is not None:
            self.hyperparam.lr = lr

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        param.array -= self.hyperparam.lr * param.grad

    update_core_gpu = update_core_cpu


class SGD(optimizer.GradientMethod):
    """Vanilla stochastic gradient descent.

    Args:
        lr (float): learning rate.
    """

    lr = optimizer.HyperparameterProxy('lr')

    def __init__(self, lr=_default_hyperparam.lr):
        super().__init__()
        self.hyperparam.lr = lr

    def create_update_rule(self):
        return SGDRule(self.hyperparam)
