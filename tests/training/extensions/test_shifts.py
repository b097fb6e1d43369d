"""The *Shift extensions: schedules of an optimizer attribute, and their resume."""

import math
import types

import pytest

from kusari import serializers
from kusari.training import extensions


def trainer_with(optimizer):
    updater = types.SimpleNamespace(get_optimizer=lambda name: optimizer)
    return types.SimpleNamespace(updater=updater)


def values(shift, calls, lr=1.0):
    optimizer = types.SimpleNamespace(lr=lr)
    trainer = trainer_with(optimizer)
    shift.initialize(trainer)
    result = [optimizer.lr]
    for _ in range(calls):
        shift(trainer)
        result.append(optimizer.lr)
    return result


@pytest.mark.parametrize('shift, expected', [
    (extensions.ExponentialShift('lr', 0.5), [1, .5, .25, .125]),
    (extensions.ExponentialShift('lr', 0.5, init=2., target=0.6), [2, 1, .6, .6]),
    (extensions.ExponentialShift('lr', 2, target=5), [1, 2, 4, 5]),
    (extensions.StepShift('lr', 0.1, 2), [1, 1, .1, .1]),
    (extensions.StepShift('lr', 0.1, 1, target=0.05), [1, .1, .05, .05]),
    (extensions.MultistepShift('lr', 0.5, [1, 3], 4.), [4, 2, 2, 1]),
    (extensions.LinearShift('lr', (1., 3.), (1, 3)), [1, 1, 2, 3]),
    (extensions.WarmupShift('lr', 0., 2, 0.5), [0, .25, .5, .5]),
    (extensions.PolynomialShift('lr', 2, 3), [1, 4 / 9, 1 / 9, 0]),
    (extensions.PolynomialShift('lr', 1, 3, target=0.5), [1, 2 / 3, .5, .5]),
    (extensions.InverseShift('lr', 1., 1.), [1, .5, 1 / 3, .25]),
])
def test_schedules(shift, expected):
    assert values(shift, 3) == pytest.approx(expected)


def test_resume_restores_the_count_and_the_value(tmp_path):
    shift = extensions.ExponentialShift('lr', 0.5)
    values(shift, 2)
    serializers.save_npz(tmp_path / 's.npz', shift)
    resumed = extensions.ExponentialShift('lr', 0.5)
    serializers.load_npz(tmp_path / 's.npz', resumed)
    # After a resume, initialize sets the saved value, not the initial one.
    assert values(resumed, 2) == pytest.approx([.25, .125, .0625])


def test_explicit_optimizer_and_missing_attribute():
    optimizer = types.SimpleNamespace(alpha=0.1)
    shift = extensions.ExponentialShift('alpha', 0.1, optimizer=optimizer)
    shift.initialize(trainer_with(None))
    shift(trainer_with(None))
    assert math.isclose(optimizer.alpha, 0.01)
    with pytest.raises(AttributeError, match="ExponentialShift: the optimizer .* no attribute "
                                             "'momentum'"):
        extensions.ExponentialShift('momentum', 0.5).initialize(trainer_with(optimizer))


@pytest.mark.parametrize('make, match', [
    (lambda: extensions.ExponentialShift('lr', 0), 'rate must be positive'),
    (lambda: extensions.StepShift('lr', 0.1, 0), 'step must be positive'),
    (lambda: extensions.LinearShift('lr', (1, 0), (5, 5)), 'time_range must be increasing'),
    (lambda: extensions.WarmupShift('lr', 0, 0, 1), 'warmup_iter must be positive'),
    (lambda: extensions.PolynomialShift('lr', 1, 0), 'max_count must be positive'),
    (lambda: extensions.InverseShift('lr', -1, 1), 'gamma must be non-negative'),
])
def test_bad_arguments(make, match):
    with pytest.raises(ValueError, match=match):
        make()
