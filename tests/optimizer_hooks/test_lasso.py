import numpy

from kusari import optimizer_hooks


def test_lasso_adds_rate_times_sign(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.Lasso(0.2))
    opt.update()
    for name, g in applied_grads(link, before).items():
        p0, g0 = before[name]
        numpy.testing.assert_allclose(g, g0 + 0.2 * numpy.sign(p0), rtol=1e-12)
