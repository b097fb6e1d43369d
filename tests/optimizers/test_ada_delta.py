import numpy

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def test_ada_delta_matches_zeiler_algorithm_1(init, grads):
    rho, eps = 0.9, 1e-4
    got = run_with_grads(optimizers.AdaDelta(rho=rho, eps=eps), init, grads)
    w = init.copy()
    eg2, edx2 = numpy.zeros_like(init), numpy.zeros_like(init)
    for g, w_got in zip(grads, got):
        eg2 = rho * eg2 + (1 - rho) * g ** 2
        dx = -numpy.sqrt(edx2 + eps) / numpy.sqrt(eg2 + eps) * g
        edx2 = rho * edx2 + (1 - rho) * dx ** 2
        w = w + dx
        numpy.testing.assert_allclose(w_got, w, rtol=1e-12)


def test_ada_delta_defaults():
    opt = optimizers.AdaDelta()
    assert (opt.rho, opt.eps) == (0.95, 1e-6)


def test_ada_delta_minimises_quadratic():
    initial, final = minimise(optimizers.AdaDelta(), 1000)
    assert final < initial * 1e-10
