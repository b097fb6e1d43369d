"""L2 regularization as a gradient hook."""


class WeightDecay:
    """Adds ``rate * param`` to each gradient (L2 regularization).

    Args:
        rate (float): coefficient of the weight decay.

    Attributes:
        timing (str): 'pre' (before the update) or 'post'.
        call_for_each_param (bool): called as ``hook(rule, param)`` per parameter.
    """

    name = 'WeightDecay'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        rate = self.rate
        if param._loss_scale is not None:
            rate *= param._loss_scale  # the gradient is still scaled when pre hooks run
        g += rate * p
