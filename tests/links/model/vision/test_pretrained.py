"""The image models: architectures with Chainer's parameter names, image preparation,
layer-wise forward, extract/predict, loading .npz weights and the offline 'auto' path."""

import importlib.util
import sys
import urllib.request

import numpy
import pytest

import kusari
import kusari.links as L
from kusari.dataset import download
from kusari.links.model.vision import googlenet, resnet, vgg
from kusari.links.model.vision._pretrained import oversample_crops
from kusari.serializers import npz

RNG = numpy.random.RandomState(51)


needs_pillow = pytest.mark.skipif(importlib.util.find_spec('PIL') is None,
                                  reason='Pillow (an optional dependency) is not installed')


@pytest.fixture(scope='module')
def small_googlenet():
    return L.GoogLeNet(pretrained_model=None)


@needs_pillow
def test_prepare_resizes_converts_to_bgr_and_subtracts_the_mean():
    image = numpy.zeros((10, 12, 3), numpy.uint8)
    image[...] = (200, 100, 50)
    for module, mean in ((vgg, (103.939, 116.779, 123.68)), (googlenet, (104, 117, 123)),
                         (resnet, (103.063, 115.903, 123.152))):
        out = module.prepare(image, size=(8, 6))
        assert out.shape == (3, 6, 8) and out.dtype == numpy.float32
        numpy.testing.assert_allclose(out[:, 0, 0], numpy.array([50, 100, 200]) - mean,
                                      rtol=1e-5)
    chw = vgg.prepare(image.transpose(2, 0, 1), size=None)
    assert chw.shape == (3, 10, 12)
    gray = vgg.prepare(numpy.full((1, 4, 4), 30, numpy.uint8), size=None)
    numpy.testing.assert_allclose(gray[2, 0, 0], 30 - 123.68, rtol=1e-5)


def test_prepare_without_pillow_names_the_package(monkeypatch):
    monkeypatch.setitem(sys.modules, 'PIL', None)
    with pytest.raises(ImportError, match='pip install pillow'):
        vgg.prepare(numpy.zeros((4, 4, 3), numpy.uint8))


def test_oversample_crops_corners_center_and_mirrors():
    images = RNG.randn(2, 1, 6, 6).astype('f')
    crops = oversample_crops(images, (4, 4))
    assert crops.shape == (20, 1, 4, 4)
    numpy.testing.assert_array_equal(crops[0], images[0, :, :4, :4])
    numpy.testing.assert_array_equal(crops[3], images[0, :, 2:, 2:])
    numpy.testing.assert_array_equal(crops[4], images[0, :, 1:5, 1:5])
    numpy.testing.assert_array_equal(crops[5], images[0, :, :4, :4][:, :, ::-1])
    numpy.testing.assert_array_equal(crops[14], images[1, :, 1:5, 1:5])


def test_googlenet_parameters(small_googlenet):
    shapes = {n: p.shape for n, p in small_googlenet.namedparams()}
    assert shapes['/conv1/W'] == (64, 3, 7, 7)
    assert shapes['/inc3a/conv1/W'] == (64, 192, 1, 1)
    assert shapes['/inc5b/conv5/W'] == (128, 48, 5, 5)
    assert shapes['/loss1_fc1/W'] == (1024, 2048) and shapes['/loss3_fc/W'] == (1000, 1024)
    assert len(shapes) == 2 * (3 + 9 * 6 + 1 + 6)
    assert small_googlenet.available_layers[:3] == ['conv1', 'pool1', 'conv2_reduce']


def test_googlenet_forward_stops_at_the_requested_layer(small_googlenet):
    x = RNG.randn(1, 3, 64, 64).astype('f')
    out = small_googlenet(x, layers=['pool1', 'inception_3a'])
    assert out['pool1'].shape == (1, 64, 16, 16)
    assert out['inception_3a'].shape == (1, 256, 8, 8)
    with pytest.raises(ValueError, match='unknown layers'):
        small_googlenet(x, layers=['fc7'])
    with pytest.raises(ValueError, match='using_config'):
        small_googlenet(x, train=False)


def test_googlenet_npz_round_trip(small_googlenet, tmp_path):
    path = str(tmp_path / 'googlenet.npz')
    npz.save_npz(path, small_googlenet, compression=False)
    loaded = L.GoogLeNet(pretrained_model=path)
    for (name, p), (_, q) in zip(small_googlenet.namedparams(), loaded.namedparams()):
        numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


def test_auto_download_fails_offline_with_a_clear_message(tmp_path, monkeypatch):
    def offline(*args, **kwargs):
        raise OSError('network is unreachable')

    monkeypatch.setattr(urllib.request, 'urlopen', offline)
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    with pytest.raises(OSError, match='pretrained_model=') as info:
        L.GoogLeNet()
    assert 'bvlc_googlenet.npz' in str(info.value)
    assert isinstance(info.value, download.DownloadError)


def test_resnet_auto_needs_the_caffemodel(tmp_path, monkeypatch):
    monkeypatch.setattr(download, '_dataset_root', str(tmp_path))
    with pytest.raises(FileNotFoundError, match='ResNet-50-model.caffemodel'):
        L.ResNet50Layers()


def test_resnet_rejects_other_depths():
    with pytest.raises(ValueError, match='50, 101 or 152'):
        resnet.ResNetLayers(None, 34)


@pytest.mark.slow
def test_resnet50_structure_and_early_layers():
    model = L.ResNet50Layers(pretrained_model=None)
    shapes = {n: p.shape for n, p in model.namedparams()}
    assert shapes['/conv1/W'] == (64, 3, 7, 7) and shapes['/conv1/b'] == (64,)
    assert shapes['/res2/a/conv4/W'] == (256, 64, 1, 1)
    assert shapes['/res5/b2/conv2/W'] == (512, 512, 3, 3)
    assert shapes['/fc6/W'] == (1000, 2048)
    # the usual 25,557,032 plus conv1's bias, which MSRA's (and Chainer's) model has
    assert sum(p.size for p in model.params()) == 25557032 + 64
    assert model.res4._forward == ['a', 'b1', 'b2', 'b3', 'b4', 'b5']
    with kusari.using_config('train', False):
        out = model(RNG.randn(1, 3, 32, 32).astype('f'), layers=['res2', 'res3'])
    assert out['res2'].shape == (1, 256, 8, 8) and out['res3'].shape == (1, 512, 4, 4)


@pytest.mark.slow
def test_resnet_deep_variants_and_downsampling():
    model = L.ResNet101Layers(pretrained_model=None, downsample_fb=True)
    assert len(model.res4._forward) == 23
    assert model.res3.a.conv1.stride == (1, 1) and model.res3.a.conv2.stride == (2, 2)
    assert len(L.ResNet152Layers(pretrained_model=None).res3._forward) == 8


@needs_pillow
@pytest.mark.slow
def test_vgg16_structure_and_predict():
    model = L.VGG16Layers(pretrained_model=None)
    assert sum(p.size for p in model.params()) == 138357544
    assert model.available_layers[-4:] == ['fc6', 'fc7', 'fc8', 'prob']
    image = RNG.randint(0, 255, (40, 50, 3)).astype(numpy.uint8)
    prob = model.predict([image], oversample=False)
    assert prob.shape == (1, 1000)
    assert float(prob.array.sum()) == pytest.approx(1.0, rel=1e-4)
    assert L.VGG19Layers(pretrained_model=None).conv5_4.W.shape == (512, 512, 3, 3)


@needs_pillow
@pytest.mark.slow
def test_googlenet_predict_and_auxiliary_outputs(small_googlenet):
    image = RNG.randint(0, 255, (30, 30, 3)).astype(numpy.uint8)
    prob = small_googlenet.predict([image, image], oversample=True)
    assert prob.shape == (2, 1000)
    numpy.testing.assert_allclose(prob.array.sum(axis=1), 1.0, rtol=1e-4)
    with kusari.using_config('train', False):
        features = small_googlenet.extract([image], layers=['loss1_fc2', 'loss2_fc2', 'pool5'])
    assert features['loss1_fc2'].shape == (1, 1000) and features['pool5'].shape == (1, 1024, 1, 1)
