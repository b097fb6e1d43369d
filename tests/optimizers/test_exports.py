"""Every name of Chainer v7's ``chainer.optimizers`` reference list (15 optimizers) is
exported, plus Eve; the base classes are reachable where Chainer has them."""

import kusari
from kusari import optimizer, optimizers

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


def test_base_classes():
    assert kusari.Optimizer is optimizer.Optimizer
    assert kusari.UpdateRule is optimizer.UpdateRule
    assert kusari.GradientMethod is optimizer.GradientMethod
    assert callable(optimizer.Hyperparameter) and callable(optimizer.HyperparameterProxy)
