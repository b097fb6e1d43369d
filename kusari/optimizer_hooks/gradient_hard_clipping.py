"""Element-wise clipping of gradients."""

from __future__ import annotations

import typing

if typing.TYPE_CHECKING:
    from kusari.variable import Parameter
    from kusari.optimizer import UpdateRule

class GradientHardClipping:
    """Clips every gradient element into ``[lower_bound, upper_bound]``.

    Args:
        lower_bound (float): the smallest allowed gradient value.
        upper_bound (float): the largest allowed gradient value.

    Attributes:
        timing (str): 'pre': it runs before the update.
        call_for_each_param (bool): True: called as ``hook(rule, param)`` per parameter.
    """

    name = 'GradientHardClipping'
    call_for_each_param = True
    timing = 'pre'

    def __init__(self, lower_bound: float, upper_bound: float) -> None:
        if lower_bound > upper_bound:
            raise ValueError('GradientHardClipping: lower_bound {} exceeds upper_bound {}'
                             .format(lower_bound, upper_bound))
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def __call__(self, rule: UpdateRule, param: Parameter) -> None:
        g = param.grad
        if g is None:
            return
        param.xp.clip(g, self.lower_bound, self.upper_bound, out=g)
