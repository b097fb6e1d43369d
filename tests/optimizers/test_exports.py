"""Every name of Chainer v7's ``chainer.optimizers`` reference list (15 optimizers) is
exported, plus Eve (not listed by dir()); the base classes are reachable where Chainer has
them."""

import numpy
import pytest

import kusari
from kusari import optimizer, optimizers

from tests.optimizers.optimizer_problems import run_with_grads

REFERENCE = [
    'AMSBound', 'AMSGrad', 'AdaBound', 'AdaDelta', 'AdaGrad', 'Adam', 'AdamW',
    'CorrectedMomentumSGD', 'MSVAG', 'MomentumSGD', 'NesterovAG', 'RMSprop',
    'RMSpropGraves', 'SGD', 'SMORMS3',
]


def test_every_reference_optimizer_is_exported():
    missing = [n for n in REFERENCE + ['Eve']
               if not isinstance(getattr(optimizers, n, None), type)
               or not issubclass(getattr(optimizers, n), kusari.GradientMethod)]
    assert not missing, 'missing from kusari.optimizers: {}'.format(missing)


def test_dir_lists_chainers_optimizers_only():
    listed = sorted(name for name in dir(optimizers)
                    if isinstance(getattr(optimizers, name), type)
                    and issubclass(getattr(optimizers, name), kusari.Optimizer))
    assert listed == sorted(REFERENCE)
    from kusari.optimizers import Eve, EveRule  # noqa: F401 - still importable
    assert issubclass(Eve, kusari.GradientMethod)


def test_base_classes():
    assert kusari.Optimizer is optimizer.Optimizer
    assert kusari.UpdateRule is optimizer.UpdateRule
    assert kusari.GradientMethod is optimizer.GradientMethod
    assert callable(optimizer.Hyperparameter) and callable(optimizer.HyperparameterProxy)


@pytest.mark.parametrize('name', REFERENCE)
@pytest.mark.parametrize('shape', [(), (1, 0, 2)])
def test_every_optimizer_updates_0d_and_empty_parameters(name, shape):
    rng = numpy.random.RandomState(0)
    init = numpy.asarray(rng.randn(*shape), numpy.float32)
    grad = numpy.asarray(rng.randn(*shape), numpy.float32)
    history = run_with_grads(getattr(optimizers, name)(), init, [grad] * 2)
    assert history[-1].shape == shape
    if shape == ():
        assert history[-1] != init  # it moved
