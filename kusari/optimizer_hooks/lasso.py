"""L1 regularization as a gradient hook."""


class Lasso:
    """Adds ``rate * sign(param)`` to each gradient (L1 regularization).

    Args:
        rate (float): coefficient of the regularization.
    """

    name = 'Lasso'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        sign = param.xp.sign(p)
        sign *= self.rate
        g += sign
