"""Helpers shared by the optimizer tests: feed a fixed gradient sequence through an
optimizer, and minimise a small convex quadratic."""

import numpy

import kusari


class OneParam(kusari.Link):
    def __init__(self, init):
        super().__init__()
        with self.init_scope():
            self.w = kusari.Parameter(numpy.array(init))


def run_with_grads(optimizer, init, grads):
    """Apply ``optimizer`` to one parameter starting at ``init`` with the gradients
    ``grads`` (one array per step); return the parameter after each step."""
    link = OneParam(init)
    optimizer.setup(link)
    history = []
    for g in grads:
        link.w.grad = numpy.array(g, dtype=link.w.dtype)
        optimizer.update()
        history.append(link.w.array.copy())
    return history


def quadratic_problem(seed=0, size=6):
    rng = numpy.random.RandomState(seed)
    curvature = rng.uniform(1.0, 3.0, size)
    center = rng.uniform(-2.0, 2.0, size)
    return curvature, center


def minimise(optimizer, steps, seed=0):
    """Run ``steps`` updates on ``0.5 * sum(a (w - c)^2)`` from w = 0 with backprop
    through kusari; return (initial loss, final loss)."""
    curvature, center = quadratic_problem(seed)
    curvature, center = kusari.Variable(curvature), kusari.Variable(center)
    link = OneParam(numpy.zeros_like(center.array))
    optimizer.setup(link)

    def loss_fun():
        diff = link.w - center
        return kusari.functions.sum(curvature * diff * diff) * 0.5

    initial = float(loss_fun().array)
    for _ in range(steps):
        optimizer.update(loss_fun)
    return initial, float(loss_fun().array)
