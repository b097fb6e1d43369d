"""L2 regularization as a gradient hook."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.variable import Parameter
    from kusari.optimizer import UpdateRule

class WeightDecay:
    """Adds ``rate * param`` to each gradient (L2 regularization).

    Args:
        rate (float): coefficient of the weight decay.

    Attributes:
        timing (str): 'pre' (before the update) or 'post'.
        call_for_each_param (bool): True: called as ``hook(rule, param)`` per parameter.
    """

    name = 'WeightDecay'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate: float) -> None:
        self.rate = rate

    def __call__(self, rule: UpdateRule, param: Parameter) -> None:
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        rate = self.rate
        if param._loss_scale is not None:
            rate *= param._loss_scale  # the gradient is still scaled when pre hooks run
        g += rate * p
