"""CaffeFunction on small models written in Caffe's binary format by the tests."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.links.caffe import CaffeFunction

RNG = numpy.random.RandomState(60)
CONV_W = RNG.randn(3, 2, 3, 3).astype('f')
CONV_B = RNG.randn(3).astype('f')
IP_W = RNG.randn(4, 12).astype('f')
IP_B = RNG.randn(4).astype('f')

# V1 layer type numbers
V1 = {'Convolution': 4, 'ReLU': 18, 'Pooling': 17, 'InnerProduct': 14, 'Softmax': 20,
      'Data': 5}


def _small_net(w, v1=False):
    def t(name):
        return V1[name] if v1 else name
    conv_param = 10 if v1 else 106
    pool_param = 19 if v1 else 121
    ip_param = 17 if v1 else 117
    return w.net([
        w.layer('data', t('Data'), top=['data'], v1=v1),
        w.layer('conv1', t('Convolution'), ['data'], ['conv1'], [CONV_W, CONV_B],
                {conv_param: {1: 3, 4: [3], 3: [1]}}, v1=v1),
        w.layer('relu1', t('ReLU'), ['conv1'], ['conv1'], v1=v1),
        w.layer('pool1', t('Pooling'), ['conv1'], ['pool1'],
                params={pool_param: {1: 0, 2: 2, 3: 2}}, v1=v1),
        w.layer('ip1', t('InnerProduct'), ['pool1'], ['ip1'], [IP_W, IP_B],
                {ip_param: {1: 4}}, v1=v1),
        w.layer('prob', t('Softmax'), ['ip1'], ['prob'], v1=v1),
    ], v1=v1)


def _expected(x):
    h = F.relu(F.convolution_2d(x, CONV_W, CONV_B, pad=1))
    h = F.max_pooling_2d(h, 2, stride=2)
    return F.softmax(F.linear(h, IP_W, IP_B)).array


@pytest.mark.parametrize('v1', [False, True])
def test_small_network(tmp_path, caffe_writer, v1):
    path = tmp_path / 'net.caffemodel'
    path.write_bytes(_small_net(caffe_writer, v1))
    func = CaffeFunction(str(path))
    assert func.conv1.W.shape == (3, 2, 3, 3) and func.ip1.W.shape == (4, 12)
    numpy.testing.assert_array_equal(func.conv1.W.array, CONV_W)
    assert [layer[0] for layer in func.layers] == ['conv1', 'relu1', 'pool1', 'ip1', 'prob']
    x = RNG.randn(2, 2, 4, 4).astype('f')
    prob, pool = func(inputs={'data': x}, outputs=['prob', 'pool1'])
    numpy.testing.assert_allclose(prob.array, _expected(x), rtol=1e-5, atol=1e-6)
    assert pool.shape == (2, 3, 2, 2)
    sub, = func(inputs={'conv1': numpy.ones((1, 3, 4, 4), 'f')}, outputs=['pool1'])
    assert (sub.array == 1).all()
    with pytest.raises(KeyError, match='prob'):
        func(inputs={'data': x}, outputs=['prob'], disable=['conv1'])
    # Chainer's types: ValueError for the removed train=, TypeError for an unknown name.
    with pytest.raises(ValueError, match='using_config'):
        func(inputs={'data': x}, outputs=['prob'], train=False)
    with pytest.raises(TypeError, match=r"CaffeFunction\.forward\(\) got unexpected "):
        func(inputs={'data': x}, outputs=['prob'], foo=False)


def test_branches_batchnorm_scale_and_friends(tmp_path, caffe_writer):
    w = caffe_writer
    mean, var = RNG.randn(2).astype('f'), RNG.uniform(1, 2, 2).astype('f')
    gamma, beta = RNG.randn(2).astype('f'), RNG.randn(2).astype('f')
    deconv_w = RNG.randn(2, 1, 2, 2).astype('f')
    model = w.net([
        w.layer('split', 'Split', ['data'], ['a', 'b']),
        w.layer('bn', 'BatchNorm', ['a'], ['bn'], [mean * 2, var * 2, numpy.array([2.0])],
                {139: {1: True, 3: 1e-3}}),
        w.layer('scale', 'Scale', ['bn'], ['scaled'], [gamma, beta], {142: {4: True}}),
        w.layer('sum', 'Eltwise', ['scaled', 'b'], ['sum'], params={110: {1: 1, 2: [2.0, -1.0]}}),
        w.layer('slice', 'Slice', ['sum'], ['s1', 's2'], params={126: {3: 1, 2: [1]}}),
        w.layer('cat', 'Concat', ['s2', 's1'], ['cat'], params={104: {2: 1}}),
        w.layer('sig', 'Sigmoid', ['cat'], ['sig']),
        w.layer('deconv', 'Deconvolution', ['sig'], ['up'], [deconv_w],
                {106: {1: 2, 2: False, 4: [2], 6: [2], 5: 2}}),
        w.layer('tanh', 'TanH', ['up'], ['out']),
        w.layer('lrn', 'LRN', ['up'], ['lrn'], params={118: {1: 3, 2: 0.3, 3: 0.5, 5: 2.0}}),
    ])
    path = tmp_path / 'branches.caffemodel'
    path.write_bytes(model)
    func = CaffeFunction(str(path))
    x = RNG.randn(2, 2, 3, 3).astype('f')
    out, lrn = func(inputs={'data': x}, outputs=['out', 'lrn'])
    bn = (x - mean[:, None, None]) / numpy.sqrt(var[:, None, None] + 1e-3)
    scaled = bn * gamma[:, None, None] + beta[:, None, None]
    summed = 2 * scaled - x
    cat = numpy.concatenate([summed[:, 1:], summed[:, :1]], axis=1)
    sig = 1 / (1 + numpy.exp(-cat))
    up = F.deconvolution_2d(sig, deconv_w, stride=2, groups=2).array
    numpy.testing.assert_allclose(out.array, numpy.tanh(up), rtol=1e-4, atol=1e-5)
    want_lrn = F.local_response_normalization(up, n=3, k=2.0, alpha=0.1, beta=0.5).array
    numpy.testing.assert_allclose(lrn.array, want_lrn, rtol=1e-4, atol=1e-5)


def test_unsupported_layers_are_skipped_with_a_warning(tmp_path, caffe_writer):
    w = caffe_writer
    path = tmp_path / 'odd.caffemodel'
    path.write_bytes(w.net([w.layer('odd', 'Python', ['data'], ['y'])]))
    with pytest.warns(UserWarning, match="'odd'.*Python"):
        func = CaffeFunction(str(path))
    assert func.layers == []


def test_saved_parameters_follow_layer_names(tmp_path, caffe_writer):
    path = tmp_path / 'net.caffemodel'
    path.write_bytes(_small_net(caffe_writer))
    func = CaffeFunction(str(path))
    assert sorted(n for n, _ in func.namedparams()) == ['/conv1/W', '/conv1/b', '/ip1/W',
                                                        '/ip1/b']
    with kusari.using_config('train', False):
        func(inputs={'data': numpy.zeros((1, 2, 4, 4), 'f')}, outputs=['prob'])
