"""Every name of Chainer v7's ``chainer.optimizer_hooks`` reference list (6 hooks) is
exported."""

from kusari import optimizer_hooks

REFERENCE = ['GradientClipping', 'GradientHardClipping', 'GradientLARS', 'GradientNoise',
             'Lasso', 'WeightDecay']


def test_every_reference_hook_is_exported():
    missing = [n for n in REFERENCE if not callable(getattr(optimizer_hooks, n, None))]
    assert not missing, 'missing from kusari.optimizer_hooks: {}'.format(missing)
