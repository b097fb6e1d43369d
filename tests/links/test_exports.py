"""Every name of Chainer v7's ``chainer.links`` reference list (chainer_api.md,
"Links and Chains", 67 names) is reachable in kusari.links under the same path."""

import importlib

import pytest

import kusari.links

REFERENCE = [
    'BatchNormalization', 'BatchRenormalization', 'Bias', 'Bilinear',
    'BinaryHierarchicalSoftmax', 'BlackOut', 'CRF1d', 'ChildSumTreeLSTM', 'Classifier',
    'Convolution1D', 'Convolution2D', 'Convolution3D', 'ConvolutionND', 'Deconvolution1D',
    'Deconvolution2D', 'Deconvolution3D', 'DeconvolutionND',
    'DecorrelatedBatchNormalization', 'DeformableConvolution2D', 'DepthwiseConvolution2D',
    'DilatedConvolution2D', 'EmbedID', 'GRU', 'GoogLeNet', 'GroupNormalization', 'Highway',
    'Inception', 'InceptionBN', 'LSTM', 'LayerNormalization', 'Linear',
    'LocalConvolution2D', 'MLPConvolution2D', 'Maxout', 'NStepBiGRU', 'NStepBiLSTM',
    'NStepBiRNNReLU', 'NStepBiRNNTanh', 'NStepGRU', 'NStepLSTM', 'NStepRNNReLU',
    'NStepRNNTanh', 'NaryTreeLSTM', 'NegativeSampling', 'PReLU', 'Parameter',
    'ResNet101Layers', 'ResNet152Layers', 'ResNet50Layers', 'Scale',
    'SimplifiedDropconnect', 'StatefulGRU', 'StatefulMGU', 'StatefulPeepholeLSTM',
    'StatefulZoneoutLSTM', 'StatelessGRU', 'StatelessLSTM', 'StatelessMGU', 'Swish',
    'TheanoFunction', 'VGG16Layers', 'VGG19Layers', 'caffe.CaffeFunction',
    'model.vision.googlenet.prepare', 'model.vision.resnet.ResNetLayers',
    'model.vision.resnet.prepare', 'model.vision.vgg.prepare',
]


def _resolve(path):
    obj = kusari.links
    for part in path.split('.'):
        if not hasattr(obj, part):
            obj = importlib.import_module('{}.{}'.format(obj.__name__, part))
        else:
            obj = getattr(obj, part)
    return obj


def test_every_reference_link_is_exported():
    assert len(REFERENCE) == 67
    missing = []
    for path in REFERENCE:
        try:
            if not callable(_resolve(path)):
                missing.append(path)
        except (AttributeError, ImportError):
            missing.append(path)
    assert not missing, 'missing from kusari.links: {}'.format(missing)


def test_theano_function_is_declared_unsupported():
    with pytest.raises(NotImplementedError, match='Theano'):
        kusari.links.TheanoFunction(None, None)

