"""Rescaling of all gradients to a maximum global L2 norm."""

import math


def _sum_squares(arrays):
    total = 0.0
    for g in arrays:
        flat = g.ravel()
        total += float(flat.dot(flat))
    return total


class GradientClipping:
    """Scales all gradients by ``threshold / norm`` when their global L2 norm exceeds
    ``threshold``.

    Args:
        threshold (float): the largest allowed global L2 norm.
    """

    name = 'GradientClipping'
    timing = 'pre'

    def __init__(self, threshold):
        self.threshold = threshold

    def __call__(self, opt):
        grads = [p.grad for p in opt.target.params(False) if p.grad is not None]
        norm = math.sqrt(_sum_squares(grads))
        if norm == 0 or self.threshold / norm >= 1:
            return
        rate = self.threshold / norm
        for g in grads:
            g *= rate
