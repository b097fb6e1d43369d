"""L1 regularization as a gradient hook."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.variable import Parameter
    from kusari.optimizer import UpdateRule

class Lasso:
    """Adds ``rate * sign(param)`` to each gradient (L1 regularization).

    Args:
        rate (float): coefficient of the regularization.

    Attributes:
        timing (str): 'pre' (before the update) or 'post'.
        call_for_each_param (bool): True: called as ``hook(rule, param)`` per parameter.
    """

    name = 'Lasso'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, rate: float) -> None:
        self.rate = rate

    def __call__(self, rule: UpdateRule, param: Parameter) -> None:
        p, g = param.array, param.grad
        if p is None or g is None:
            return
        sign = param.xp.sign(p)
        sign *= self.rate
        g += sign
