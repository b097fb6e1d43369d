import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_rmsprop_graves_matches_graves_2013_eqs_38_to_41(init, grads):
    lr, alpha, mu, eps = 0.01, 0.9, 0.8, 1e-3
    opt = optimizers.RMSpropGraves(lr=lr, alpha=alpha, momentum=mu, eps=eps)
    got = run_with_grads(opt, init, grads)
    w = init.copy()
    n, m, delta = (numpy.zeros_like(init) for _ in range(3))
    for g, w_got in zip(grads, got):
        n = alpha * n + (1 - alpha) * g ** 2
        m = alpha * m + (1 - alpha) * g
        delta = mu * delta - lr * g / numpy.sqrt(n - m ** 2 + eps)
        w = w + delta
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_rmsprop_graves_state_keys(init, grads):
    opt = optimizers.RMSpropGraves()
    run_with_grads(opt, init, grads[:1])
    assert sorted(opt.target.w.update_rule.state) == ['delta', 'g', 'n']


def test_rmsprop_graves_minimises_quadratic():
    initial, final = minimise(optimizers.RMSpropGraves(lr=0.005), 800)
    assert final < initial * 1e-4
