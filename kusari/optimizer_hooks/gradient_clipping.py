"""Rescaling of all gradients to a maximum global L2 norm."""

from __future__ import annotations

import math
import typing

if typing.TYPE_CHECKING:
    from kusari.optimizer import Optimizer


def _sum_squares(arrays):
    """Summed on each array's device, so a GPU synchronizes once, not once per array."""
    per_device = {}
    for g in arrays:
        flat = g.ravel()
        device = getattr(g, 'device', None)
        per_device[device] = per_device.get(device, 0) + flat.dot(flat)
    return sum(float(total) for total in per_device.values())


class GradientClipping:
    """Scales all gradients by ``threshold / norm`` when their global L2 norm exceeds
    ``threshold``.

    Args:
        threshold (float): the largest allowed global L2 norm.

    Attributes:
        timing (str): 'pre': it runs before the update.
    """

    name = 'GradientClipping'
    timing = 'pre'

    def __init__(self, threshold: float) -> None:
        self.threshold = threshold

    def __call__(self, opt: Optimizer) -> None:
        grads = [p.grad for p in opt.target.params(False) if p.grad is not None]
        norm = math.sqrt(_sum_squares(grads))
        if norm == 0 or self.threshold / norm >= 1:
            return
        rate = self.threshold / norm
        for g in grads:
            g *= rate
