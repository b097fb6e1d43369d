"""Cross-checks against real Chainer 7 (run in its own virtual environment, found at
$KUSARI_CHAINER_PYTHON; skipped without it).

For each link, Chainer builds it, saves its .npz, runs one step in training mode, saves
the .npz again, and runs one step in test mode. kusari builds the same link, loads
Chainer's first .npz (strictly: same names and shapes), and must reproduce the training
step's outputs, the parameters and statistics after it (Chainer's second .npz), and the
test step's outputs.
"""

import json
import subprocess

import numpy
import pytest

import kusari
import kusari.links as L  # noqa: F401 - the evaluated link expressions use it
from kusari import serializers
from tests._chainer_python import AVAILABLE, CHAINER_PYTHON, SKIP_REASON

pytestmark = pytest.mark.skipif(not AVAILABLE,
                                reason=SKIP_REASON)


# (name, constructor, call with inputs x0, x1, ..., run and compare a training step
# first: False where it is random)
CASES = [
    ('linear', 'L.Linear(3, 4)', 'link(x0)', True),
    ('conv2d', 'L.Convolution2D(3, 4, 3, stride=2, pad=1)', 'link(x1)', True),
    ('conv2d_groups', 'L.Convolution2D(4, 6, (3, 2), groups=2, dilate=(1, 2))',
     'link(x2)', True),
    ('conv_nd', 'L.ConvolutionND(3, 2, 3, 2, stride=(1, 2, 1))', 'link(x3)', True),
    ('deconv2d', 'L.Deconvolution2D(3, 2, 3, stride=2, pad=1)', 'link(x1)', True),
    ('deconv1d', 'L.Deconvolution1D(2, 3, 3, stride=2)', 'link(x4)', True),
    ('dilated', 'L.DilatedConvolution2D(3, 2, 3, dilate=2, pad=1)', 'link(x1)', True),
    ('depthwise', 'L.DepthwiseConvolution2D(3, 2, 3, pad=1)', 'link(x1)', True),
    ('deformable', 'L.DeformableConvolution2D(3, 2, 3, pad=1)', 'link(x1)', True),
    ('local', 'L.LocalConvolution2D(3, 2, (6, 6), 3)', 'link(x1)', True),
    ('mlpconv', 'L.MLPConvolution2D(3, (4, 2), 3, pad=1)', 'link(x1)', True),
    ('bilinear', 'L.Bilinear(3, 2, 4)', 'link(x0, x5)', True),
    ('embed_id', 'L.EmbedID(6, 3, ignore_label=-1)', 'link(i0)', True),
    ('highway', 'L.Highway(3)', 'link(x0)', True),
    ('inception', 'L.Inception(3, 2, 2, 3, 1, 2, 2)', 'link(x1)', True),
    ('inception_bn', "L.InceptionBN(3, 2, 2, 3, 1, 2, 'avg', proj_pool=2)", 'link(x1)', True),
    ('bias', 'L.Bias(axis=1, shape=(3,))', 'link(x1)', True),
    ('scale', 'L.Scale(axis=1, W_shape=(3,), bias_term=True)', 'link(x1)', True),
    ('prelu', 'L.PReLU((3,))', 'link(x1)', True),
    ('swish', 'L.Swish((3,))', 'link(x0)', True),
    ('maxout', 'L.Maxout(3, 2, 4)', 'link(x0)', True),
    ('dropconnect', 'L.SimplifiedDropconnect(3, 2)', 'link(x0, train=False)', True),
    ('batch_norm', 'L.BatchNormalization(3)', 'link(x1)', True),
    ('batch_norm_axis', 'L.BatchNormalization((3, 6), decay=0.5)', 'link(x1[:, :, 0])',
     True),
    ('batch_renorm', 'L.BatchRenormalization(3, rmax=2.0, dmax=1.0)', 'link(x1)', True),
    ('decorrelated_bn', 'L.DecorrelatedBatchNormalization(4, groups=2)', 'link(x2)', True),
    ('group_norm', 'L.GroupNormalization(3, 3)', 'link(x1)', True),
    ('layer_norm', 'L.LayerNormalization(3)', 'link(x0)', True),
    ('lstm', 'L.LSTM(3, 4)', 'link(x0)', True),
    ('stateless_lstm', 'L.StatelessLSTM(3, 4)', 'link(None, None, x0)', True),
    ('gru', 'L.StatefulGRU(3, 2)', 'link(x0)', True),
    ('stateless_gru', 'L.StatelessGRU(3, 2)', 'link(x5, x0)', True),
    ('mgu', 'L.StatefulMGU(3, 2)', 'link(x0)', True),
    ('stateless_mgu', 'L.StatelessMGU(3, 2)', 'link(x5, x0)', True),
    ('peephole', 'L.StatefulPeepholeLSTM(3, 2)', 'link(x0)', True),
    ('zoneout', 'L.StatefulZoneoutLSTM(3, 2)', 'link(x0)', False),
    ('child_sum_tree', 'L.ChildSumTreeLSTM(3, 2)', 'link(x5, x6, x6, x5, x0)', True),
    ('nary_tree', 'L.NaryTreeLSTM(3, 2, n_ary=2)', 'link(x5, None, x6, x5, x0)', True),
    ('n_step_lstm', 'L.NStepLSTM(2, 3, 2, 0.0)', 'link(None, None, [x0, x7])', True),
    ('n_step_bigru', 'L.NStepBiGRU(2, 3, 2, 0.0)', 'link(None, [x7, x0])', True),
    ('n_step_birnn', 'L.NStepBiRNNReLU(1, 3, 2, 0.0)', 'link(None, [x0, x7])', True),
    ('hsm', 'L.BinaryHierarchicalSoftmax(3, ((0, 1), (2, (3, 4))))', 'link(x0, i1)', True),
    ('crf1d', 'L.CRF1d(3)', 'link([x0, x0[:1]], [i1[:2] % 3, i1[:1] % 3])', True),
    ('negative_sampling', 'L.NegativeSampling(3, [1, 2, 3, 4, 5], 2)', None, False),
    ('classifier', 'L.Classifier(L.Linear(3, 5))', 'link(x0, i1)', True),
]


ZOO_CASES = [
    ('googlenet', 'L.GoogLeNet(pretrained_model=None)',
     "link(x8 * 50, layers=['pool1', 'conv2', 'inception_3b'])", True),
    ('resnet50', 'L.ResNet50Layers(pretrained_model=None)',
     "link(x8 * 50, layers=['pool1', 'res2', 'res3'])", True),
]


def _inputs():
    rng = numpy.random.RandomState(0)

    def f(*shape):
        return rng.randn(*shape).astype(numpy.float32)
    return {'x0': f(2, 3), 'x1': f(2, 3, 6, 6), 'x2': f(2, 4, 5, 6), 'x3': f(1, 2, 4, 4, 4),
            'x4': f(1, 2, 5), 'x5': f(2, 2), 'x6': f(2, 2), 'x7': f(1, 3),
            'x8': f(1, 3, 32, 32),
            'i0': numpy.array([1, -1, 5], numpy.int32), 'i1': numpy.array([0, 4], numpy.int32)}


_SCRIPT = r'''
import json, sys
import numpy
import chainer
import chainer.links as L
from chainer import serializers

cases = json.load(open(sys.argv[1]))
inputs = dict(numpy.load(sys.argv[2]))
out_dir = sys.argv[3]

def flat(o):
    if o is None:
        return []
    if isinstance(o, chainer.Variable):
        return [o.array]
    if isinstance(o, (tuple, list)):
        return [a for x in o for a in flat(x)]
    if isinstance(o, dict):
        return [a for k in sorted(o) for a in flat(o[k])]
    return [numpy.asarray(o)]

def run(name, ctor, call, with_train_step):
    numpy.random.seed(1)
    link = eval(ctor)
    serializers.save_npz('%s/%s_init.npz' % (out_dir, name), link)
    if call is None:
        return
    env = dict(inputs, link=link)
    train = flat(eval(call, env)) if with_train_step else []
    serializers.save_npz('%s/%s_after.npz' % (out_dir, name), link)
    with chainer.using_config('train', False):
        test = flat(eval(call, env))
    numpy.savez('%s/%s_out.npz' % (out_dir, name),
                **{'train%d' % i: a for i, a in enumerate(train)},
                **{'test%d' % i: a for i, a in enumerate(test)})

for name, ctor, call, with_train_step in cases:
    try:
        run(name, ctor, call, with_train_step)
    except Exception as e:
        open('%s/%s_error.txt' % (out_dir, name), 'w').write(repr(e))
'''


def _run_chainer(directory, cases):
    plain = [case.values if hasattr(case, 'values') else case for case in cases]
    (directory / 'cases.json').write_text(json.dumps(plain))
    numpy.savez(str(directory / 'inputs.npz'), **_inputs())
    (directory / 'run.py').write_text(_SCRIPT)
    subprocess.run([CHAINER_PYTHON, str(directory / 'run.py'), str(directory / 'cases.json'),
                    str(directory / 'inputs.npz'), str(directory)], check=True,
                   capture_output=True, timeout=300)
    return directory


@pytest.fixture(scope='module')
def chainer_results(tmp_path_factory):
    return _run_chainer(tmp_path_factory.mktemp('chainer_links'), CASES)


@pytest.fixture(scope='module')
def chainer_zoo_results(tmp_path_factory):
    return _run_chainer(tmp_path_factory.mktemp('chainer_zoo'), ZOO_CASES)


def _flat(o):
    if o is None:
        return []
    if isinstance(o, kusari.Variable):
        return [o.array]
    if isinstance(o, (tuple, list)):
        return [a for x in o for a in _flat(x)]
    if isinstance(o, dict):
        return [a for k in sorted(o) for a in _flat(o[k])]
    return [numpy.asarray(o)]


def _state(link):
    saved = {}
    serializers.DictionarySerializer(saved).save(link)
    return saved


def _check(results, name, ctor, call, compare_train, rtol=1e-4, atol=1e-5):
    error = results / '{}_error.txt'.format(name)
    assert not error.exists(), 'Chainer failed: ' + error.read_text()
    link = eval(ctor)
    serializers.load_npz(str(results / '{}_init.npz'.format(name)), link)
    if call is None:
        return
    expected = dict(numpy.load(str(results / '{}_out.npz'.format(name))))
    env = dict(_inputs(), link=link)
    if compare_train:
        train = _flat(eval(call, env))
        after = dict(numpy.load(str(results / '{}_after.npz'.format(name))))
        assert len(train) == len([k for k in expected if k.startswith('train')])
        for i, array in enumerate(train):
            numpy.testing.assert_allclose(array, expected['train%d' % i], rtol=rtol,
                                          atol=atol, err_msg='{} train output {}'.format(
                                              name, i))
        state = _state(link)
        assert sorted(state) == sorted(after), name
        for key, value in after.items():
            numpy.testing.assert_allclose(state[key], value, rtol=rtol, atol=atol,
                                          err_msg='{} {} after the step'.format(name, key))
    with kusari.using_config('train', False):
        test = _flat(eval(call, env))
    for i, array in enumerate(test):
        numpy.testing.assert_allclose(array, expected['test%d' % i], rtol=rtol, atol=atol,
                                      err_msg='{} test output {}'.format(name, i))


@pytest.mark.parametrize('name, ctor, call, compare_train', CASES,
                         ids=[(c.values if hasattr(c, 'values') else c)[0] for c in CASES])
def test_link_matches_chainer(chainer_results, name, ctor, call, compare_train):
    _check(chainer_results, name, ctor, call, compare_train)


@pytest.mark.slow
@pytest.mark.parametrize('name, ctor, call, compare_train', ZOO_CASES,
                         ids=[c[0] for c in ZOO_CASES])
def test_image_model_matches_chainer(chainer_zoo_results, name, ctor, call, compare_train):
    # float32 sums over thousands of terms, in another order than Chainer's
    _check(chainer_zoo_results, name, ctor, call, compare_train, rtol=1e-3, atol=1e-3)
