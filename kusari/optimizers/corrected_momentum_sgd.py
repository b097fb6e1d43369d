"""Momentum SGD with the learning rate applied after the momentum accumulation."""

from kusari import optimizer

_default_hyperparam = optimizer.Hyperparameter()
_default_hyperparam.lr = 0.01
_default_hyperparam.momentum = 0.9


class CorrectedMomentumSGDRule(optimizer.UpdateRule):
    """``v = momentum * v - grad; param += lr * v``.

    Scaling ``v`` by the current ``lr`` (instead of accumulating ``lr * grad``) keeps
    the effective step right when the learning rate changes during training
    (Goyal et al., 2017).
    """

    is_elementwise = True

    def __init__(self, parent_hyperparam=None, lr=None, momentum=None):
        super().__init__(parent_hyperparam or _default_hyperparam)
        self._override_hyperparams(lr=lr, momentum=momentum)

    def init_state(self, param):
        self.state['v'] = param.xp.zeros_like(param.array)

    @optimizer._skip_without_grad
    def update_core_cpu(self, param):
        hp = self.hyperparam
        v = self.state['v']
        v *= hp.momentum
        v -= param.grad
        param.array += hp.lr * v

    update_core_gpu = update_core_cpu


class CorrectedMomentumSGD(optimizer.GradientMethod):
    """Momentum SGD whose velocity is scaled by the learning rate at each step.

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
        return CorrectedMomentumSGDRule(self.hyperparam)
