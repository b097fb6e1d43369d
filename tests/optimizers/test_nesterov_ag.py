import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_nesterov_ag_matches_chainer_rule(init, grads):
    # Chainer's form of Bengio et al. (2012) eq. 7, with the updated velocity in the
    # mu^2 term (see NesterovAGRule).
    lr, mu = 0.1, 0.7
    got = run_with_grads(optimizers.NesterovAG(lr=lr, momentum=mu), init, grads)
    u, v = init.copy(), numpy.zeros_like(init)
    for g, u_got in zip(grads, got):
        v = mu * v - lr * g
        u = u + mu ** 2 * v - (1 + mu) * lr * g
        numpy.testing.assert_allclose(u_got, u, rtol=1e-12)


def test_nesterov_ag_first_step():
    # From zero velocity the step is -(1 + mu + mu^2) * lr * g.
    got, = run_with_grads(optimizers.NesterovAG(lr=0.5, momentum=0.5), numpy.zeros(2),
                          [numpy.array([1.0, -2.0])])
    numpy.testing.assert_allclose(got, -1.75 * 0.5 * numpy.array([1.0, -2.0]))


def test_nesterov_ag_minimises_quadratic():
    initial, final = minimise(optimizers.NesterovAG(lr=0.05), 300)
    assert final < initial * 1e-8
