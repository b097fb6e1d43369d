import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def msvag_reference(init, grads, lr, beta, eta=1.0, weight_decay_rate=0.0):
    """Balles & Hennig (2018), Algorithm 2 (M-SVAG), with decoupled weight decay."""
    w = init.copy()
    m, v = numpy.zeros_like(init), numpy.zeros_like(init)
    out = []
    for t, g in enumerate(grads, 1):
        m = beta * m + (1 - beta) * g
        v = beta * v + (1 - beta) * g * g
        m_hat = m / (1 - beta ** t)
        v_hat = v / (1 - beta ** t)
        rho = (1 - beta) * (1 + beta ** t) / ((1 + beta) * (1 - beta ** t))
        rho = min(rho, 0.9999)
        s = (v_hat - m_hat ** 2) / (1 - rho)
        gamma = numpy.clip(m_hat ** 2 / (m_hat ** 2 + rho * s), 0, 1)
        w = w - eta * (lr * gamma * m_hat + weight_decay_rate * w)
        out.append(w)
    return out


def test_msvag_matches_paper(init, grads):
    kwargs = dict(lr=0.1, beta=0.8, eta=0.5, weight_decay_rate=0.01)
    got = run_with_grads(optimizers.MSVAG(**kwargs), init, grads)
    for w_got, w_want in zip(got, msvag_reference(init, grads, **kwargs)):
        numpy.testing.assert_allclose(w_got, w_want, rtol=1e-10)


def test_msvag_zero_gradient_gives_zero_step(init):
    got = run_with_grads(optimizers.MSVAG(), init, [numpy.zeros_like(init)])
    numpy.testing.assert_array_equal(got[0], init)


def test_msvag_defaults():
    opt = optimizers.MSVAG()
    assert (opt.lr, opt.beta, opt.eta, opt.weight_decay_rate) == (0.1, 0.9, 1.0, 0)


def test_msvag_minimises_quadratic():
    initial, final = minimise(optimizers.MSVAG(lr=0.1), 400)
    assert final < initial * 1e-6
