import numpy
import pytest

import kusari
from kusari import optimizers


class TwoParams(kusari.Link):
    def __init__(self):
        super().__init__()
        rng = numpy.random.RandomState(0)
        with self.init_scope():
            self.w = kusari.Parameter(rng.normal(size=(3, 4)))
            self.b = kusari.Parameter(rng.normal(size=5))


@pytest.fixture
def setup():
    """A link with two parameters and given gradients, under SGD(lr=1) so that the
    update equals minus the hooked gradient."""
    def make(hook):
        link = TwoParams()
        opt = optimizers.SGD(lr=1.0).setup(link)
        opt.add_hook(hook)
        rng = numpy.random.RandomState(1)
        for p in link.params():
            p.grad = rng.normal(size=p.shape)
        before = {n: (p.array.copy(), p.grad.copy()) for n, p in link.namedparams()}
        return link, opt, before
    return make


@pytest.fixture
def applied_grads():
    """The gradient each parameter was updated with (SGD with lr=1)."""
    def applied(link, before):
        return {n: before[n][0] - p.array for n, p in link.namedparams()}
    return applied
