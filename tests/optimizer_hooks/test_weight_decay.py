import numpy

import kusari
import kusari.functions as F
from kusari import optimizer_hooks, optimizers


def test_weight_decay_adds_rate_times_param(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.WeightDecay(0.3))
    opt.update()
    for name, g in applied_grads(link, before).items():
        p0, g0 = before[name]
        numpy.testing.assert_allclose(g, g0 + 0.3 * p0, rtol=1e-12)


def test_weight_decay_attributes():
    hook = optimizer_hooks.WeightDecay(0.1)
    assert (hook.name, hook.timing, hook.call_for_each_param) == ('WeightDecay', 'pre', True)


def test_weight_decay_is_the_same_with_loss_scaling():
    def updated(loss_scale):
        link = kusari.Link()
        with link.init_scope():
            link.p = kusari.Parameter(numpy.arange(3, dtype=numpy.float32))
        opt = optimizers.SGD(lr=1).setup(link)
        opt.add_hook(optimizer_hooks.WeightDecay(1 / 8.))
        F.sum(link.p ** 3).backward(loss_scale=loss_scale)
        opt.update()
        return link.p.array

    expected = numpy.arange(3) - (3 * numpy.arange(3) ** 2 + numpy.arange(3) / 8.)
    numpy.testing.assert_allclose(updated(None), expected)
    numpy.testing.assert_allclose(updated(4.), expected)
