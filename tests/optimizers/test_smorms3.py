import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_smorms3_matches_funk_formula(init, grads):
    lr, eps = 0.01, 1e-16
    got = run_with_grads(optimizers.SMORMS3(lr=lr, eps=eps), init, grads)
    w = init.copy()
    mem, g1, g2 = numpy.ones_like(init), numpy.zeros_like(init), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        r = 1 / (mem + 1)
        g1 = (1 - r) * g1 + r * g
        g2 = (1 - r) * g2 + r * g * g
        x = g1 * g1 / (g2 + eps)
        w = w - g * numpy.minimum(x, lr) / (numpy.sqrt(g2) + eps)
        mem = 1 + mem * (1 - x)
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_smorms3_minimises_quadratic():
    initial, final = minimise(optimizers.SMORMS3(lr=0.1), 500)
    assert final < initial * 1e-6
