"""Layer-wise adaptive rate scaling (You et al., 2017)."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.variable import Parameter
    from kusari.optimizer import UpdateRule

class GradientLARS:
    """Scales each parameter's gradient (plus weight decay) by
    ``|w| / (eps + |g| + weight_decay * |w|)`` where ``|w| > threshold``.

    With SGD or MomentumSGD, ``lr`` then plays the role of the global learning rate
    times the LARS coefficient.

    Args:
        threshold (float): parameters with a smaller norm keep rate 1 (default 1e-2).
        weight_decay (float): coefficient of the weight decay added to the gradient
            (default 0).
        eps (float): small value for numerical stability (default 1e-9).

    Attributes:
        timing (str): 'pre': it runs before the update.
        call_for_each_param (bool): True: called as ``hook(rule, param)`` per parameter.
    """

    name = 'GradientLARS'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, threshold: float = 1e-2, weight_decay: float = 0.0,
                 eps: float = 1e-9) -> None:
        self.threshold = threshold
        self.weight_decay = weight_decay
        self.eps = eps

    def __call__(self, rule: UpdateRule, param: Parameter) -> None:
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
