import numpy
import pytest

from kusari import optimizer_hooks


def test_hard_clipping_clips_elementwise(setup, applied_grads):
    link, opt, before = setup(optimizer_hooks.GradientHardClipping(-0.5, 0.25))
    opt.update()
    for name, g in applied_grads(link, before).items():
        numpy.testing.assert_allclose(g, numpy.clip(before[name][1], -0.5, 0.25),
                                      rtol=1e-12, atol=1e-15)


def test_hard_clipping_rejects_inverted_bounds():
    with pytest.raises(ValueError, match='lower_bound'):
        optimizer_hooks.GradientHardClipping(1.0, -1.0)
