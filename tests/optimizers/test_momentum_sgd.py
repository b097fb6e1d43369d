import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_momentum_sgd_matches_formula(init, grads):
    lr, mu = 0.1, 0.8
    got = run_with_grads(optimizers.MomentumSGD(lr=lr, momentum=mu), init, grads)
    w, v = init.copy(), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        v = mu * v - lr * g
        w = w + v
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_momentum_sgd_defaults():
    opt = optimizers.MomentumSGD()
    assert (opt.lr, opt.momentum) == (0.01, 0.9)


def test_momentum_sgd_minimises_quadratic():
    initial, final = minimise(optimizers.MomentumSGD(lr=0.05), 300)
    assert final < initial * 1e-8
