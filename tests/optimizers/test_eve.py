import numpy
import pytest

import kusari
from kusari import optimizers

from tests.optimizers.optimizer_problems import OneParam, minimise, quadratic_problem


def eve_reference(losses_and_grads, init, alpha, beta1, beta2, beta3, eps, k, K, f_star=0.0):
    """Koushik & Hayashi (2016), Algorithm 1, transcribed literally."""
    w = init.copy()
    m, v = numpy.zeros_like(init), numpy.zeros_like(init)
    d, f_hat = 1.0, None
    out = []
    for t, (f, g) in enumerate(losses_and_grads, 1):
        m = beta1 * m + (1 - beta1) * g
        m_hat = m / (1 - beta1 ** t)
        v = beta2 * v + (1 - beta2) * g ** 2
        v_hat = v / (1 - beta2 ** t)
        if t > 1:
            if f >= f_hat:
                delta, Delta = k + 1, K + 1
            else:
                delta, Delta = 1 / (K + 1), 1 / (k + 1)
            c = min(max(delta, (f - f_star) / (f_hat - f_star)), Delta)
            new_f_hat = c * (f_hat - f_star) + f_star
            r = abs(new_f_hat - f_hat) / (min(new_f_hat, f_hat) - f_star)
            d = beta3 * d + (1 - beta3) * r
            f_hat = new_f_hat
        else:
            f_hat, d = f, 1.0
        w = w - alpha * m_hat / (d * numpy.sqrt(v_hat) + eps)
        out.append((w, d))
    return out


def test_eve_matches_paper_algorithm():
    curvature, center = quadratic_problem(3)
    hp = dict(alpha=0.3, beta1=0.9, beta2=0.99, beta3=0.9, eps=1e-8)
    opt = optimizers.Eve(lower_threshold=0.1, upper_threshold=10, **hp)
    link = OneParam(numpy.zeros_like(center))
    opt.setup(link)
    a, c = kusari.Variable(curvature), kusari.Variable(center)

    def loss_fun():
        diff = link.w - c
        return kusari.functions.sum(a * diff * diff) * 0.5

    record, got = [], []
    for _ in range(12):
        w = link.w.array.copy()
        record.append((0.5 * float(numpy.sum(curvature * (w - center) ** 2)),
                       curvature * (w - center)))
        opt.update(loss_fun)
        got.append((link.w.array.copy(), opt.feedback.d))
    want = eve_reference(record, numpy.zeros_like(center), k=0.1, K=10, **hp)
    assert any(d != 1.0 for _, d in want)  # the feedback is exercised
    for (w_got, d_got), (w_want, d_want) in zip(got, want):
        assert d_got == pytest.approx(d_want, rel=1e-12)
        numpy.testing.assert_allclose(w_got, w_want, rtol=1e-10)


def test_eve_needs_lossfun():
    opt = optimizers.Eve()
    opt.setup(OneParam(numpy.zeros(2)))
    with pytest.raises(RuntimeError, match='lossfun'):
        opt.update()


def test_eve_minimises_quadratic():
    initial, final = minimise(optimizers.Eve(alpha=0.1), 600)
    assert final < initial * 1e-6
