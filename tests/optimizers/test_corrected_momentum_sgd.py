import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_corrected_momentum_sgd_matches_formula(init, grads):
    lr, mu = 0.1, 0.8
    opt = optimizers.CorrectedMomentumSGD(lr=lr, momentum=mu)
    got = run_with_grads(opt, init, grads)
    w, v = init.copy(), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        v = mu * v - g
        w = w + lr * v
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_learning_rate_change_scales_the_whole_velocity(init, grads):
    # Unlike MomentumSGD, the velocity holds no lr: halving lr halves the next step.
    opt = optimizers.CorrectedMomentumSGD(lr=0.2, momentum=0.5)
    w1, = run_with_grads(opt, init, grads[:1])
    opt.lr = 0.1
    link = opt.target
    link.w.grad = numpy.zeros_like(init)
    opt.update()
    numpy.testing.assert_allclose(link.w.array - w1, 0.1 * 0.5 * (-grads[0]), rtol=1e-12)


def test_corrected_momentum_sgd_minimises_quadratic():
    initial, final = minimise(optimizers.CorrectedMomentumSGD(lr=0.05), 300)
    assert final < initial * 1e-8
