import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_ada_grad_matches_formula(init, grads):
    lr, eps = 0.1, 1e-6
    got = run_with_grads(optimizers.AdaGrad(lr=lr, eps=eps), init, grads)
    w, h = init.copy(), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        h = h + g * g
        w = w - lr * g / (numpy.sqrt(h) + eps)
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_ada_grad_defaults():
    opt = optimizers.AdaGrad()
    assert (opt.lr, opt.eps) == (0.001, 1e-8)


def test_ada_grad_minimises_quadratic():
    initial, final = minimise(optimizers.AdaGrad(lr=0.5), 500)
    assert final < initial * 1e-8
