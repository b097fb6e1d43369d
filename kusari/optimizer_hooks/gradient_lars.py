"""Layer-wise adaptive rate scaling (You et al., 2017)."""


class GradientLARS:
    """Scales each parameter's gradient (plus weight decay) by
    ``|w| / (eps + |g| + weight_decay * |w|)`` where ``|w| > threshold``.

    With SGD or MomentumSGD, ``lr`` then plays the role of the global learning rate
    times the LARS coefficient.

    Args:
        threshold (float): parameters with a smaller norm keep rate 1.
        weight_decay (float): coefficient of the weight decay added to the gradient.
        eps (float): small value for numerical stability.
    """

    name = 'GradientLARS'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, threshold=1e-2, weight_decay=0.0, eps=1e-9):
        self.threshold = threshold
        self.weight_decay = weight_decay
        self.eps = eps

    def __call__(self, rule, param):
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        xp = param.xp
        p_norm = xp.linalg.norm(p)
        g_norm = xp.linalg.norm(g)
        local_rate = p_norm / (self.eps + g_norm + self.weight_decay * p_norm)
        rate = xp.where(p_norm > self.threshold, local_rate, 1.0).astype(g.dtype)
        if self.weight_decay != 0:
            g += self.weight_decay * p
        g *= rate
