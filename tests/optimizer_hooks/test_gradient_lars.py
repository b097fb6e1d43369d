import numpy

from kusari import optimizer_hooks


def test_lars_scales_by_trust_ratio(setup, applied_grads):
    wd, eps = 0.01, 1e-9
    link, opt, before = setup(optimizer_hooks.GradientLARS(threshold=1e-2,
                                                           weight_decay=wd, eps=eps))
    opt.update()
    for name, g in applied_grads(link, before).items():
        p0, g0 = before[name]
        p_norm, g_norm = numpy.linalg.norm(p0), numpy.linalg.norm(g0)
        rate = p_norm / (eps + g_norm + wd * p_norm)
        numpy.testing.assert_allclose(g, rate * (g0 + wd * p0), rtol=1e-10)


def test_lars_keeps_rate_one_for_small_weights(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.GradientLARS(threshold=1e3))
    opt.update()
    for name, g in applied_grads(link, before).items():
        numpy.testing.assert_allclose(g, before[name][1], rtol=1e-12)
