import numpy
import pytest

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


@pytest.mark.parametrize('eps_inside_sqrt', [False, True])
def test_rmsprop_matches_formula(init, grads, eps_inside_sqrt):
    lr, alpha, eps = 0.05, 0.9, 1e-3
    opt = optimizers.RMSprop(lr=lr, alpha=alpha, eps=eps, eps_inside_sqrt=eps_inside_sqrt)
    got = run_with_grads(opt, init, grads)
    w, ms = init.copy(), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        ms = alpha * ms + (1 - alpha) * g * g
        denom = numpy.sqrt(ms + eps) if eps_inside_sqrt else numpy.sqrt(ms) + eps
        w = w - lr * g / denom
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_rmsprop_rejects_nonpositive_eps(init, grads):
    with pytest.raises(ValueError, match='RMSprop: eps'):
        run_with_grads(optimizers.RMSprop(eps=0), init, grads)


def test_rmsprop_minimises_quadratic():
    initial, final = minimise(optimizers.RMSprop(lr=0.01), 800)
    assert final < initial * 1e-4
