import numpy

from kusari import optimizer_hooks


def _global_norm(before):
    return numpy.sqrt(sum(float((g ** 2).sum()) for _, g in before.values()))


def test_clipping_scales_to_threshold(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.GradientClipping(1.0))
    norm = _global_norm(before)
    assert norm > 1.0
    opt.update()
    applied = applied_grads(link, before)
    for name, g in applied.items():
        numpy.testing.assert_allclose(g, before[name][1] / norm, rtol=1e-10)
    numpy.testing.assert_allclose(
        numpy.sqrt(sum((g ** 2).sum() for g in applied.values())), 1.0, rtol=1e-10)


def test_no_clipping_below_threshold(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.GradientClipping(1e6))
    opt.update()
    for name, g in applied_grads(link, before).items():
        numpy.testing.assert_allclose(g, before[name][1], rtol=1e-12)
