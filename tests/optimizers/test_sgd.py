import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_sgd_matches_formula(init, grads):
    got = run_with_grads(optimizers.SGD(lr=0.3), init, grads)
    w = init.copy()
    for g, w_got in zip(grads, got):
        w = w - 0.3 * g
        numpy.testing.assert_allclose(w_got, w, rtol=1e-13)


def test_sgd_default_lr():
    assert optimizers.SGD().lr == 0.01


def test_sgd_minimises_quadratic():
    initial, final = minimise(optimizers.SGD(lr=0.1), 200)
    assert final < initial * 1e-10
