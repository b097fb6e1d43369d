import numpy

from kusari import optimizer_hooks


def test_weight_decay_adds_rate_times_param(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.WeightDecay(0.3))
    opt.update()
    for name, g in applied_grads(link, before).items():
        p0, g0 = before[name]
        numpy.testing.assert_allclose(g, g0 + 0.3 * p0, rtol=1e-12)


def test_weight_decay_attributes():
    hook = optimizer_hooks.WeightDecay(0.1)
    assert (hook.name, hook.timing, hook.call_for_each_param) == ('WeightDecay', 'pre', True)
