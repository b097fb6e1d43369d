"""Links: layers with parameters (Chainer's ``chainer.links``, usually imported as L).

Each link's module is imported on first use of its name (see kusari._lazy).
"""

import typing

from kusari import _lazy

_EXPORTS = {
    'Maxout': 'activation.maxout',
    'PReLU': 'activation.prelu',
    'SimplifiedDropconnect': 'activation.simplified_dropconnect',
    'Swish': 'activation.swish',
    'Bias': 'connection.bias',
    'Bilinear': 'connection.bilinear',
    'Convolution2D': 'connection.convolution_2d',
    'Convolution1D': 'connection.convolution_nd',
    'Convolution3D': 'connection.convolution_nd',
    'ConvolutionND': 'connection.convolution_nd',
    'Deconvolution2D': 'connection.deconvolution_2d',
    'Deconvolution1D': 'connection.deconvolution_nd',
    'Deconvolution3D': 'connection.deconvolution_nd',
    'DeconvolutionND': 'connection.deconvolution_nd',
    'DeformableConvolution2D': 'connection.deformable_convolution_2d',
    'DepthwiseConvolution2D': 'connection.depthwise_convolution_2d',
    'DilatedConvolution2D': 'connection.dilated_convolution_2d',
    'EmbedID': 'connection.embed_id',
    'Highway': 'connection.highway',
    'Inception': 'connection.inception',
    'InceptionBN': 'connection.inceptionbn',
    'Linear': 'connection.linear',
    'LocalConvolution2D': 'connection.local_convolution_2d',
    'MLPConvolution2D': 'connection.mlp_convolution_2d',
    'Parameter': 'connection.parameter',
    'Scale': 'connection.scale',
    'BlackOut': 'loss.black_out',
    'CRF1d': 'loss.crf1d',
    'BinaryHierarchicalSoftmax': 'loss.hierarchical_softmax',
    'NegativeSampling': 'loss.negative_sampling',
    'Classifier': 'model.classifier',
    'GoogLeNet': 'model.vision.googlenet',
    'ResNet101Layers': 'model.vision.resnet',
    'ResNet152Layers': 'model.vision.resnet',
    'ResNet50Layers': 'model.vision.resnet',
    'VGG16Layers': 'model.vision.vgg',
    'VGG19Layers': 'model.vision.vgg',
    'BatchNormalization': 'normalization.batch_normalization',
    'BatchRenormalization': 'normalization.batch_renormalization',
    'DecorrelatedBatchNormalization': 'normalization.decorrelated_batch_normalization',
    'GroupNormalization': 'normalization.group_normalization',
    'LayerNormalization': 'normalization.layer_normalization',
    'GRU': 'rnn.gru',
    'StatefulGRU': 'rnn.gru',
    'StatelessGRU': 'rnn.gru',
    'LSTM': 'rnn.lstm',
    'StatelessLSTM': 'rnn.lstm',
    'StatefulMGU': 'rnn.mgu',
    'StatelessMGU': 'rnn.mgu',
    'NStepBiGRU': 'rnn.n_step_gru',
    'NStepBiLSTM': 'rnn.n_step_lstm',
    'NStepBiRNNReLU': 'rnn.n_step_rnn',
    'NStepBiRNNTanh': 'rnn.n_step_rnn',
    'NStepGRU': 'rnn.n_step_gru',
    'NStepLSTM': 'rnn.n_step_lstm',
    'NStepRNNReLU': 'rnn.n_step_rnn',
    'NStepRNNTanh': 'rnn.n_step_rnn',
    'StatefulPeepholeLSTM': 'rnn.peephole',
    'ChildSumTreeLSTM': 'rnn.tree_lstm',
    'NaryTreeLSTM': 'rnn.tree_lstm',
    'StatefulZoneoutLSTM': 'rnn.zoneoutlstm',
    'TheanoFunction': 'theano.theano_function',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links import (
        activation as activation, caffe as caffe, connection as connection, loss as loss,
        model as model, normalization as normalization, rnn as rnn, theano as theano)
    from kusari.links.activation.maxout import Maxout as Maxout
    from kusari.links.activation.prelu import PReLU as PReLU
    from kusari.links.activation.simplified_dropconnect import (
        SimplifiedDropconnect as SimplifiedDropconnect)
    from kusari.links.activation.swish import Swish as Swish
    from kusari.links.connection.bias import Bias as Bias
    from kusari.links.connection.bilinear import Bilinear as Bilinear
    from kusari.links.connection.convolution_2d import Convolution2D as Convolution2D
    from kusari.links.connection.convolution_nd import (
        Convolution1D as Convolution1D,
        Convolution3D as Convolution3D,
        ConvolutionND as ConvolutionND)
    from kusari.links.connection.deconvolution_2d import Deconvolution2D as Deconvolution2D
    from kusari.links.connection.deconvolution_nd import (
        Deconvolution1D as Deconvolution1D,
        Deconvolution3D as Deconvolution3D,
        DeconvolutionND as DeconvolutionND)
    from kusari.links.connection.deformable_convolution_2d import (
        DeformableConvolution2D as DeformableConvolution2D)
    from kusari.links.connection.depthwise_convolution_2d import (
        DepthwiseConvolution2D as DepthwiseConvolution2D)
    from kusari.links.connection.dilated_convolution_2d import (
        DilatedConvolution2D as DilatedConvolution2D)
    from kusari.links.connection.embed_id import EmbedID as EmbedID
    from kusari.links.connection.highway import Highway as Highway
    from kusari.links.connection.inception import Inception as Inception
    from kusari.links.connection.inceptionbn import InceptionBN as InceptionBN
    from kusari.links.connection.linear import Linear as Linear
    from kusari.links.connection.local_convolution_2d import (
        LocalConvolution2D as LocalConvolution2D)
    from kusari.links.connection.mlp_convolution_2d import MLPConvolution2D as MLPConvolution2D
    from kusari.links.connection.parameter import Parameter as Parameter
    from kusari.links.connection.scale import Scale as Scale
    from kusari.links.loss.black_out import BlackOut as BlackOut
    from kusari.links.loss.crf1d import CRF1d as CRF1d
    from kusari.links.loss.hierarchical_softmax import (
        BinaryHierarchicalSoftmax as BinaryHierarchicalSoftmax)
    from kusari.links.loss.negative_sampling import NegativeSampling as NegativeSampling
    from kusari.links.model.classifier import Classifier as Classifier
    from kusari.links.model.vision.googlenet import GoogLeNet as GoogLeNet
    from kusari.links.model.vision.resnet import (
        ResNet101Layers as ResNet101Layers,
        ResNet152Layers as ResNet152Layers,
        ResNet50Layers as ResNet50Layers)
    from kusari.links.model.vision.vgg import VGG16Layers as VGG16Layers, VGG19Layers as VGG19Layers
    from kusari.links.normalization.batch_normalization import (
        BatchNormalization as BatchNormalization)
    from kusari.links.normalization.batch_renormalization import (
        BatchRenormalization as BatchRenormalization)
    from kusari.links.normalization.decorrelated_batch_normalization import (
        DecorrelatedBatchNormalization as DecorrelatedBatchNormalization)
    from kusari.links.normalization.group_normalization import (
        GroupNormalization as GroupNormalization)
    from kusari.links.normalization.layer_normalization import (
        LayerNormalization as LayerNormalization)
    from kusari.links.rnn.gru import (
        GRU as GRU,
        StatefulGRU as StatefulGRU,
        StatelessGRU as StatelessGRU)
    from kusari.links.rnn.lstm import LSTM as LSTM, StatelessLSTM as StatelessLSTM
    from kusari.links.rnn.mgu import StatefulMGU as StatefulMGU, StatelessMGU as StatelessMGU
    from kusari.links.rnn.n_step_gru import NStepBiGRU as NStepBiGRU, NStepGRU as NStepGRU
    from kusari.links.rnn.n_step_lstm import NStepBiLSTM as NStepBiLSTM, NStepLSTM as NStepLSTM
    from kusari.links.rnn.n_step_rnn import (
        NStepBiRNNReLU as NStepBiRNNReLU,
        NStepBiRNNTanh as NStepBiRNNTanh,
        NStepRNNReLU as NStepRNNReLU,
        NStepRNNTanh as NStepRNNTanh)
    from kusari.links.rnn.peephole import StatefulPeepholeLSTM as StatefulPeepholeLSTM
    from kusari.links.rnn.tree_lstm import (
        ChildSumTreeLSTM as ChildSumTreeLSTM,
        NaryTreeLSTM as NaryTreeLSTM)
    from kusari.links.rnn.zoneoutlstm import StatefulZoneoutLSTM as StatefulZoneoutLSTM
    from kusari.links.theano.theano_function import TheanoFunction as TheanoFunction
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
