"""Cross-checks against real Chainer 7 (its own virtual environment, found at
$KUSARI_CHAINER_PYTHON; skipped without it).

For each optimizer (and hook), Chainer runs four steps on one float32 parameter with
given gradients, saving the model and optimizer after the second. kusari must follow
the same trajectory, and a fresh kusari optimizer loaded from Chainer's snapshot must
finish the same two last steps.
"""

import json
import subprocess

import numpy
import pytest

import kusari
from kusari import optimizer_hooks, optimizers, serializers  # noqa: F401 - used by eval
from tests._chainer_python import AVAILABLE, CHAINER_PYTHON, SKIP_REASON

pytestmark = pytest.mark.skipif(not AVAILABLE,
                                reason=SKIP_REASON)

# (name, optimizer, hooks)
CASES = [
    ('sgd', 'optimizers.SGD(lr=0.1)', []),
    ('momentum_sgd', 'optimizers.MomentumSGD(lr=0.1, momentum=0.8)', []),
    ('corrected_momentum_sgd', 'optimizers.CorrectedMomentumSGD(lr=0.1, momentum=0.8)', []),
    ('nesterov_ag', 'optimizers.NesterovAG(lr=0.1, momentum=0.7)', []),
    ('ada_grad', 'optimizers.AdaGrad(lr=0.1, eps=1e-4)', []),
    ('ada_delta', 'optimizers.AdaDelta(rho=0.9, eps=1e-4)', []),
    ('adam', 'optimizers.Adam(alpha=0.01, beta1=0.8, beta2=0.9, eps=1e-6)', []),
    ('adamw', 'optimizers.AdamW(alpha=0.01, weight_decay_rate=0.1)', []),
    ('adam_eta', 'optimizers.Adam(alpha=0.01, eta=0.5, weight_decay_rate=0.1)', []),
    ('amsgrad', 'optimizers.AMSGrad(alpha=0.01, beta2=0.5)', []),
    ('adabound', 'optimizers.AdaBound(alpha=0.01, final_lr=0.05, gamma=0.1)', []),
    ('amsbound', 'optimizers.AMSBound(alpha=0.01, beta2=0.5, final_lr=0.05, gamma=0.1)', []),
    ('rmsprop', 'optimizers.RMSprop(lr=0.01, alpha=0.9, eps=1e-4)', []),
    ('rmsprop_inside', 'optimizers.RMSprop(lr=0.01, eps=1e-4, eps_inside_sqrt=True)', []),
    ('rmsprop_graves', 'optimizers.RMSpropGraves(lr=0.01, momentum=0.8)', []),
    ('smorms3', 'optimizers.SMORMS3(lr=0.01)', []),
    ('msvag', 'optimizers.MSVAG(lr=0.1, beta=0.8)', []),
    ('weight_decay_lasso', 'optimizers.SGD(lr=0.1)',
     ['optimizer_hooks.WeightDecay(0.05)', 'optimizer_hooks.Lasso(0.02)']),
    ('clipping', 'optimizers.SGD(lr=0.1)', ['optimizer_hooks.GradientClipping(0.5)']),
    ('hard_clipping', 'optimizers.SGD(lr=0.1)',
     ['optimizer_hooks.GradientHardClipping(-0.2, 0.3)']),
    ('lars', 'optimizers.MomentumSGD(lr=0.1)',
     ['optimizer_hooks.GradientLARS(threshold=0.01, weight_decay=0.01)']),
]

_SCRIPT = r'''
import json, sys
import numpy
import chainer
from chainer import optimizer_hooks, optimizers, serializers

cases = json.load(open(sys.argv[1]))
data = numpy.load(sys.argv[2])
init, grads = data['init'], data['grads']
out_dir = sys.argv[3]

class One(chainer.Link):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.w = chainer.Parameter(init.copy())

for name, ctor, hooks in cases:
    link = One()
    opt = eval(ctor)
    opt.setup(link)
    for hook in hooks:
        opt.add_hook(eval(hook))
    trajectory = []
    for step, g in enumerate(grads):
        link.w.grad = g.copy()
        opt.update()
        trajectory.append(link.w.array.copy())
        if step == 1:
            serializers.save_npz('%s/%s_model.npz' % (out_dir, name), link)
            serializers.save_npz('%s/%s_opt.npz' % (out_dir, name), opt)
    numpy.save('%s/%s_trajectory.npy' % (out_dir, name), numpy.array(trajectory))
'''


def _data():
    rng = numpy.random.RandomState(0)
    return (rng.randn(3, 4).astype(numpy.float32),
            rng.randn(4, 3, 4).astype(numpy.float32))


@pytest.fixture(scope='module')
def chainer_results(tmp_path_factory):
    directory = tmp_path_factory.mktemp('chainer_optimizers')
    (directory / 'cases.json').write_text(json.dumps(CASES))
    init, grads = _data()
    numpy.savez(str(directory / 'data.npz'), init=init, grads=grads)
    (directory / 'run.py').write_text(_SCRIPT)
    subprocess.run([CHAINER_PYTHON, str(directory / 'run.py'), str(directory / 'cases.json'),
                    str(directory / 'data.npz'), str(directory)], check=True,
                   capture_output=True, timeout=300)
    return directory


class _One(kusari.Link):
    def __init__(self, init):
        super().__init__()
        with self.init_scope():
            self.w = kusari.Parameter(init.copy())


def _setup(ctor, hooks, init):
    link = _One(init)
    opt = eval(ctor)
    opt.setup(link)
    for hook in hooks:
        opt.add_hook(eval(hook))
    return link, opt


@pytest.mark.parametrize('name, ctor, hooks', CASES, ids=[c[0] for c in CASES])
def test_optimizer_matches_chainer(chainer_results, name, ctor, hooks):
    init, grads = _data()
    expected = numpy.load(str(chainer_results / '{}_trajectory.npy'.format(name)))
    link, opt = _setup(ctor, hooks, init)
    for step, g in enumerate(grads):
        link.w.grad = g.copy()
        opt.update()
        numpy.testing.assert_allclose(link.w.array, expected[step], rtol=1e-5, atol=1e-6,
                                      err_msg='{} step {}'.format(name, step + 1))

    resumed, resumed_opt = _setup(ctor, hooks, numpy.zeros_like(init))
    serializers.load_npz(str(chainer_results / '{}_model.npz'.format(name)), resumed)
    serializers.load_npz(str(chainer_results / '{}_opt.npz'.format(name)), resumed_opt)
    assert resumed_opt.t == 2
    for g in grads[2:]:
        resumed.w.grad = g.copy()
        resumed_opt.update()
    numpy.testing.assert_allclose(resumed.w.array, expected[-1], rtol=1e-5, atol=1e-6,
                                  err_msg='{} resumed from Chainer\'s snapshot'.format(name))
