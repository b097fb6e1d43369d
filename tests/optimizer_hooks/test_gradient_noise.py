import numpy

from kusari import optimizer_hooks
from kusari.optimizer_hooks.gradient_noise import exponential_decay_noise


def test_noise_func_receives_rule_and_adds_its_output(setup, applied_grads):
    calls = []

    def noise(xp, shape, dtype, hook, rule):
        calls.append((shape, dtype, rule.t))
        return xp.full(shape, 0.5, dtype=dtype)

    link, opt, before = setup(optimizer_hooks.GradientNoise(0.3, noise_func=noise))
    opt.update()
    assert sorted(c[0] for c in calls) == [(3, 4), (5,)]
    for name, g in applied_grads(link, before).items():
        numpy.testing.assert_allclose(g, before[name][1] + 0.5, rtol=1e-12)


def test_exponential_decay_noise_has_annealed_variance():
    class Step:
        t = 9

    hook = optimizer_hooks.GradientNoise(eta=0.3)
    numpy.random.seed(0)
    sample = exponential_decay_noise(numpy, (200000,), numpy.float32, hook, Step())
    assert sample.dtype == numpy.float32
    assert abs(sample.mean()) < 0.005
    numpy.testing.assert_allclose(sample.var(), 0.3 / 10 ** 0.55, rtol=0.02)
