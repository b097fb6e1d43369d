import math

import numpy
import pytest

from kusari import optimizers

from tests.optimizers.optimizer_problems import minimise, run_with_grads


def adam_reference(init, grads, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8, eta=1.0,
                   weight_decay_rate=0.0, amsgrad=False, adabound=False, final_lr=0.1,
                   gamma=1e-3):
    """Kingma & Ba's Algorithm 1 in its efficient form (sec. 2, last paragraph), with
    AdamW's decoupled decay, AMSGrad's max and AdaBound's clipped step."""
    w = init.copy()
    m, v, vhat = (numpy.zeros_like(init) for _ in range(3))
    out = []
    for t, g in enumerate(grads, 1):
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g * g
        vhat = numpy.maximum(vhat, v) if amsgrad else v
        alpha_t = alpha * math.sqrt(1 - beta2 ** t) / (1 - beta1 ** t)
        step = alpha_t / (numpy.sqrt(vhat) + eps)
        if adabound:
            lower = final_lr * (1 - 1 / (gamma * t + 1))
            upper = final_lr * (1 + 1 / (gamma * t))
            step = numpy.clip(step, lower, upper)
        w = w - eta * (step * m + weight_decay_rate * w)
        out.append(w)
    return out


CASES = [
    (optimizers.Adam, dict(alpha=0.01, beta1=0.8, beta2=0.9, eps=1e-6), {}),
    (optimizers.Adam, dict(alpha=0.01, eta=0.5, weight_decay_rate=0.1), {}),
    (optimizers.AdamW, dict(alpha=0.01, eta=0.5, weight_decay_rate=0.1), {}),
    (optimizers.AMSGrad, dict(alpha=0.01, beta2=0.5), dict(amsgrad=True)),
    (optimizers.AdaBound, dict(alpha=0.01, final_lr=0.05, gamma=0.1), dict(adabound=True)),
    (optimizers.AMSBound, dict(alpha=0.01, beta2=0.5, final_lr=0.05, gamma=0.1),
     dict(amsgrad=True, adabound=True)),
]


@pytest.mark.parametrize('cls, kwargs, flags', CASES)
def test_adam_family_matches_formula(init, grads, cls, kwargs, flags):
    got = run_with_grads(cls(**kwargs), init, grads)
    want = adam_reference(init, grads, **kwargs, **flags)
    for w_got, w_want in zip(got, want):
        numpy.testing.assert_allclose(w_got, w_want, rtol=1e-12, atol=1e-15)


def test_adabound_bounds_follow_alpha_changes(init, grads):
    opt = optimizers.AdaBound(alpha=0.01, final_lr=0.1, gamma=0.5)
    run_with_grads(opt, init, grads[:2])
    rule = opt.target.w.update_rule
    lower, upper = rule.bounds
    assert lower == pytest.approx(0.1 * (1 - 1 / 2.0))
    assert upper == pytest.approx(0.1 * (1 + 1 / 1.0))
    opt.alpha = 0.005
    assert rule.bounds[0] == pytest.approx(0.05 * (1 - 1 / 2.0))


def test_adam_alpha_t_and_errors_before_first_step():
    opt = optimizers.Adam(alpha=0.1, beta1=0.5, beta2=0.75)
    with pytest.raises(RuntimeError, match='t=0'):
        _ = opt.alpha_t
    opt.t = 2
    assert opt.alpha_t == pytest.approx(0.1 * math.sqrt(1 - 0.75 ** 2) / (1 - 0.25))


def test_adam_float16_parameter_steps_in_float32(init, grads):
    # The default eps (1e-8) underflows in float16; the step is computed in float32.
    history = run_with_grads(optimizers.Adam(alpha=0.01), init.astype(numpy.float16), grads)
    expected = adam_reference(init.astype(numpy.float32), grads, alpha=0.01)
    assert history[-1].dtype == numpy.float16
    numpy.testing.assert_allclose(history[-1], expected[-1], atol=2e-3)


def test_adam_eps_underflow_in_float32(init, grads):
    opt = optimizers.Adam(eps=1e-50)
    with pytest.raises(ValueError, match='underflows'):
        run_with_grads(opt, init.astype(numpy.float16), grads[:1])


def test_amsgrad_keeps_vhat_state(init, grads):
    opt = optimizers.AMSGrad()
    run_with_grads(opt, init, grads[:1])
    assert sorted(opt.target.w.update_rule.state) == ['m', 'v', 'vhat']


@pytest.mark.parametrize('cls', [optimizers.Adam, optimizers.AMSGrad, optimizers.AdaBound,
                                 optimizers.AMSBound, optimizers.AdamW])
def test_adam_family_minimises_quadratic(cls):
    opt = cls(alpha=0.05) if cls in (optimizers.AdaBound, optimizers.AMSBound) \
        else cls(alpha=0.1)
    initial, final = minimise(opt, 600)
    assert final < initial * 1e-6


@pytest.mark.parametrize('cls', [optimizers.Adam, optimizers.AdamW, optimizers.AMSGrad,
                                 optimizers.AdaBound, optimizers.AMSBound])
def test_adam_family_lr_keyword_names_alpha(cls):
    import copy
    import inspect
    import pickle

    with pytest.raises(TypeError, match=r"{}\(\) got an unexpected keyword argument 'lr'.*"
                                        r"learning rate is `alpha`.*alpha=0\.01".format(
                                            cls.__name__)):
        cls(lr=0.01)
    assert 'alpha' in inspect.signature(cls).parameters
    optimizer = cls(alpha=0.01)
    assert optimizer.alpha == 0.01
    assert copy.deepcopy(optimizer).alpha == 0.01
    assert pickle.loads(pickle.dumps(optimizer)).alpha == 0.01
