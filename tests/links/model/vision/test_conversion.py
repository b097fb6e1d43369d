"""Converting the original Caffe models: the layer-name mappings, checked on synthetic
caffemodels with GoogLeNet's and ResNet-50's layers and shapes."""

import numpy
import pytest

import kusari.links as L
from kusari.links.model.vision import googlenet, resnet


def _googlenet_layers(model):
    """(caffe name, W, b) of every weight layer of BVLC's GoogLeNet."""
    rng = numpy.random.RandomState(0)
    layers = []

    def add(name, link):
        layers.append((name, rng.randn(*link.W.shape).astype('f'),
                       rng.randn(*link.b.shape).astype('f')))

    add('conv1/7x7_s2', model.conv1)
    add('conv2/3x3_reduce', model.conv2_reduce)
    add('conv2/3x3', model.conv2)
    for name, _ in googlenet._INCEPTIONS:
        block = getattr(model, 'inc' + name)
        for ours, theirs in (('conv1', '1x1'), ('proj3', '3x3_reduce'), ('conv3', '3x3'),
                             ('proj5', '5x5_reduce'), ('conv5', '5x5'),
                             ('projp', 'pool_proj')):
            add('inception_{}/{}'.format(name, theirs), getattr(block, ours))
    for i in (1, 2):
        add('loss{}/conv'.format(i), getattr(model, 'loss{}_conv'.format(i)))
        add('loss{}/fc'.format(i), getattr(model, 'loss{}_fc1'.format(i)))
        add('loss{}/classifier'.format(i), getattr(model, 'loss{}_fc2'.format(i)))
    add('loss3/classifier', model.loss3_fc)
    return layers


@pytest.mark.slow
def test_googlenet_conversion(tmp_path, caffe_writer):
    template = L.GoogLeNet(pretrained_model=None)
    layers = _googlenet_layers(template)
    w = caffe_writer
    content = []
    for name, W, b in layers:
        if W.ndim == 4:
            content.append(w.layer(name, 'Convolution', ['x'], [name], [W, b],
                                   {106: {1: W.shape[0], 4: [W.shape[2]]}}))
        else:
            content.append(w.layer(name, 'InnerProduct', ['x'], [name], [W, b],
                                   {117: {1: W.shape[0]}}))
    caffemodel = tmp_path / 'bvlc_googlenet.caffemodel'
    caffemodel.write_bytes(w.net(content))
    path = str(tmp_path / 'googlenet.npz')
    L.GoogLeNet.convert_caffemodel_to_npz(str(caffemodel), path)
    model = L.GoogLeNet(pretrained_model=path)
    numpy.testing.assert_array_equal(model.conv1.W.array, layers[0][1])
    numpy.testing.assert_array_equal(model.inc4c.projp.b.array,
                                     dict((n, b) for n, _, b in layers)['inception_4c/pool_proj'])
    numpy.testing.assert_array_equal(model.loss3_fc.W.array, layers[-1][1])


@pytest.mark.slow
def test_resnet50_conversion(tmp_path, caffe_writer):
    template = resnet.ResNetLayers(None, 50)
    rng = numpy.random.RandomState(1)
    w = caffe_writer
    content = []
    expected = {}

    def conv(name, link):
        W = rng.randn(*link.W.shape).astype('f')
        blobs = [W] if link.b is None else [W, rng.randn(*link.b.shape).astype('f')]
        expected[name] = blobs
        content.append(w.layer(name, 'Convolution', ['x'], [name], blobs,
                               {106: {1: W.shape[0], 4: [W.shape[2]],
                                      2: link.b is not None}}))

    def bn(suffix, size):
        mean, var = rng.randn(size).astype('f'), rng.uniform(1, 2, size).astype('f')
        gamma, beta = rng.randn(size).astype('f'), rng.randn(size).astype('f')
        expected['bn' + suffix] = (mean, var, gamma, beta)
        content.append(w.layer('bn' + suffix, 'BatchNorm', ['x'], ['y'],
                               [mean, var, numpy.ones(1, 'f')]))
        content.append(w.layer('scale' + suffix, 'Scale', ['y'], ['z'], [gamma, beta],
                               {142: {4: True}}))

    conv('conv1', template.conv1)
    bn('_conv1', 64)
    for stage, count in zip((2, 3, 4, 5), (3, 4, 6, 3)):
        block = getattr(template, 'res{}'.format(stage))
        for ours, theirs in zip(block._forward, resnet._stage_names(stage, count, 50)):
            bottleneck = getattr(block, ours)
            parts = [('conv1', '2a'), ('conv2', '2b'), ('conv3', '2c')]
            if ours == 'a':
                parts.append(('conv4', '1'))
            for link_name, branch in parts:
                link = getattr(bottleneck, link_name)
                conv('res{}_branch{}'.format(theirs, branch), link)
                bn('{}_branch{}'.format(theirs, branch), link.W.shape[0])
    fc_W, fc_b = rng.randn(1000, 2048).astype('f'), rng.randn(1000).astype('f')
    content.append(w.layer('fc1000', 'InnerProduct', ['x'], ['fc'], [fc_W, fc_b],
                           {117: {1: 1000}}))
    caffemodel = tmp_path / 'ResNet-50-model.caffemodel'
    caffemodel.write_bytes(w.net(content))
    path = str(tmp_path / 'resnet.npz')
    L.ResNet50Layers.convert_caffemodel_to_npz(str(caffemodel), path)
    model = L.ResNet50Layers(pretrained_model=path)
    numpy.testing.assert_array_equal(model.res3.b3.conv2.W.array,
                                     expected['res3d_branch2b'][0])
    mean, var, gamma, beta = expected['bn4a_branch1']
    numpy.testing.assert_array_equal(model.res4.a.bn4.avg_var, var)
    numpy.testing.assert_array_equal(model.res4.a.bn4.beta.array, beta)
    numpy.testing.assert_array_equal(model.fc6.W.array, fc_W)
    numpy.testing.assert_array_equal(model.conv1.b.array, expected['conv1'][1])


def test_model_modules_say_whether_pillow_is_there():
    import importlib.util
    from kusari.links.model.vision import googlenet, resnet, vgg
    installed = importlib.util.find_spec('PIL') is not None
    assert resnet.available is vgg.available is googlenet.available is installed
