"""Differentiable functions (Chainer's ``chainer.functions``, usually imported as F).

Each function lives in a module of its family's package (``kusari.functions.activation.relu``
and so on); as in Chainer, the family packages are plain packages of modules and this one
exports the functions, importing each module on first use.
"""

import typing

from kusari import _lazy

# Public name -> its module (imported when the name is first used; see kusari._lazy).
_EXPORTS = {
    # activation
    'clipped_relu': 'activation.clipped_relu',
    'relu6': 'activation.clipped_relu',
    'crelu': 'activation.crelu',
    'elu': 'activation.elu',
    'selu': 'activation.selu',
    'hard_sigmoid': 'activation.hard_sigmoid',
    'leaky_relu': 'activation.leaky_relu',
    'maxout': 'activation.maxout',
    'prelu': 'activation.prelu',
    'relu': 'activation.relu',
    'rrelu': 'activation.rrelu',
    'sigmoid': 'activation.sigmoid',
    'log_softmax': 'activation.log_softmax',
    'softmax': 'activation.softmax',
    'softplus': 'activation.softplus',
    'swish': 'activation.swish',
    'tanh': 'activation.tanh',
    # array
    'as_strided': 'array.as_strided',
    'broadcast': 'array.broadcast',
    'broadcast_to': 'array.broadcast',
    'sum_to': 'array.broadcast',
    'cast': 'array.cast',
    'concat': 'array.concat',
    'copy': 'array.copy',
    'depth2space': 'array.depth2space',
    'diagonal': 'array.diagonal',
    'dstack': 'array.dstack',
    'expand_dims': 'array.expand_dims',
    'flatten': 'array.flatten',
    'flip': 'array.flip',
    'fliplr': 'array.fliplr',
    'flipud': 'array.flipud',
    'get_item': 'array.get_item',
    'hstack': 'array.hstack',
    'im2col': 'array.im2col',
    'moveaxis': 'array.moveaxis',
    'pad': 'array.pad',
    'pad_sequence': 'array.pad_sequence',
    'permutate': 'array.permutate',
    'repeat': 'array.repeat',
    'reshape': 'array.reshape',
    'resize_images': 'array.resize_images',
    'rollaxis': 'array.rollaxis',
    'scatter_add': 'array.scatter_add',
    'select_item': 'array.select_item',
    'separate': 'array.separate',
    'space2depth': 'array.space2depth',
    'spatial_transformer_grid': 'array.spatial_transformer_grid',
    'spatial_transformer_sampler': 'array.spatial_transformer_sampler',
    'split_axis': 'array.split_axis',
    'squeeze': 'array.squeeze',
    'stack': 'array.stack',
    'swapaxes': 'array.swapaxes',
    'tile': 'array.tile',
    'transpose': 'array.transpose',
    'transpose_sequence': 'array.transpose_sequence',
    'vstack': 'array.vstack',
    'where': 'array.where',
    # connection
    'bilinear': 'connection.bilinear',
    'convolution_2d': 'connection.convolution_2d',
    'convolution_1d': 'connection.convolution_nd',
    'convolution_3d': 'connection.convolution_nd',
    'convolution_nd': 'connection.convolution_nd',
    'deconvolution_2d': 'connection.deconvolution_2d',
    'deconvolution_1d': 'connection.deconvolution_nd',
    'deconvolution_3d': 'connection.deconvolution_nd',
    'deconvolution_nd': 'connection.deconvolution_nd',
    'deformable_convolution_2d_sampler': 'connection.deformable_convolution_2d_sampler',
    'depthwise_convolution_2d': 'connection.depthwise_convolution_2d',
    'dilated_convolution_2d': 'connection.dilated_convolution_2d',
    'embed_id': 'connection.embed_id',
    'linear': 'connection.linear',
    'local_convolution_2d': 'connection.local_convolution_2d',
    'shift': 'connection.shift',
    # evaluation
    'accuracy': 'evaluation.accuracy',
    'binary_accuracy': 'evaluation.binary_accuracy',
    'classification_summary': 'evaluation.classification_summary',
    'f1_score': 'evaluation.classification_summary',
    'precision': 'evaluation.classification_summary',
    'recall': 'evaluation.classification_summary',
    'r2_score': 'evaluation.r2_score',
    # loss
    'absolute_error': 'loss.absolute_error',
    'black_out': 'loss.black_out',
    'contrastive': 'loss.contrastive',
    'argmax_crf1d': 'loss.crf1d',
    'crf1d': 'loss.crf1d',
    'cross_covariance': 'loss.cross_covariance',
    'connectionist_temporal_classification': 'loss.ctc',
    'decov': 'loss.decov',
    'discriminative_margin_based_clustering_loss': 'loss.discriminative_loss',
    'hinge': 'loss.hinge',
    'huber_loss': 'loss.huber_loss',
    'mean_absolute_error': 'loss.mean_absolute_error',
    'mean_squared_error': 'loss.mean_squared_error',
    'negative_sampling': 'loss.negative_sampling',
    'sigmoid_cross_entropy': 'loss.sigmoid_cross_entropy',
    'softmax_cross_entropy': 'loss.softmax_cross_entropy',
    'squared_difference': 'loss.squared_error',
    'squared_error': 'loss.squared_error',
    'triplet': 'loss.triplet',
    'bernoulli_nll': 'loss.vae',
    'gaussian_kl_divergence': 'loss.vae',
    'gaussian_nll': 'loss.vae',
    # math
    'absolute': 'math.basic_math',
    'add': 'math.basic_math:add_n',
    'arctanh': 'math.arctanh',
    'average': 'math.average',
    'mean': 'math.average',
    'batch_l2_norm_squared': 'math.batch_l2_norm_squared',
    'bias': 'math.bias',
    'ceil': 'math.ceil',
    'cholesky': 'math.cholesky',
    'clip': 'math.clip',
    'cumprod': 'math.cumprod',
    'cumsum': 'math.cumsum',
    'batch_det': 'math.det',
    'det': 'math.det',
    'digamma': 'math.digamma',
    'einsum': 'math.einsum',
    'erf': 'math.erf',
    'erfc': 'math.erfc',
    'erfcinv': 'math.erfcinv',
    'erfcx': 'math.erfcx',
    'erfinv': 'math.erfinv',
    'exp': 'math.exponential',
    'log': 'math.exponential',
    'log10': 'math.exponential',
    'log2': 'math.exponential',
    'expm1': 'math.exponential_m1',
    'fft': 'math.fft',
    'ifft': 'math.fft',
    'fix': 'math.fix',
    'floor': 'math.floor',
    'fmod': 'math.fmod',
    'cosh': 'math.hyperbolic',
    'sinh': 'math.hyperbolic',
    'identity': 'math.identity',
    'batch_inv': 'math.inv',
    'inv': 'math.inv',
    'lgamma': 'math.lgamma',
    'linear_interpolate': 'math.linear_interpolate',
    'log_ndtr': 'math.log_ndtr',
    'log1p': 'math.logarithm_1p',
    'logsumexp': 'math.logsumexp',
    'batch_matmul': 'math.matmul',
    'matmul': 'math.matmul',
    'maximum': 'math.maximum',
    'minimum': 'math.minimum',
    'argmax': 'math.minmax',
    'argmin': 'math.minmax',
    'max': 'math.minmax',
    'min': 'math.minmax',
    'ndtr': 'math.ndtr',
    'ndtri': 'math.ndtri',
    'polygamma': 'math.polygamma',
    'prod': 'math.prod',
    'scale': 'math.scale',
    'sign': 'math.sign',
    'sparse_matmul': 'math.sparse_matmul',
    'rsqrt': 'math.sqrt',
    'sqrt': 'math.sqrt',
    'square': 'math.square',
    'sum': 'math.sum',
    'tensordot': 'math.tensordot',
    'arccos': 'math.trigonometric',
    'arcsin': 'math.trigonometric',
    'arctan': 'math.trigonometric',
    'arctan2': 'math.trigonometric',
    'cos': 'math.trigonometric',
    'sin': 'math.trigonometric',
    'tan': 'math.trigonometric',
    'zeta': 'math.zeta',
    # noise
    'dropout': 'noise.dropout',
    'gaussian': 'noise.gaussian',
    'gumbel_softmax': 'noise.gumbel_softmax',
    'simplified_dropconnect': 'noise.simplified_dropconnect',
    'zoneout': 'noise.zoneout',
    # normalization
    'batch_normalization': 'normalization.batch_normalization',
    'fixed_batch_normalization': 'normalization.batch_normalization',
    'batch_renormalization': 'normalization.batch_renormalization',
    'fixed_batch_renormalization': 'normalization.batch_renormalization',
    'decorrelated_batch_normalization': 'normalization.decorrelated_batch_normalization',
    'fixed_decorrelated_batch_normalization': 'normalization.decorrelated_batch_normalization',
    'group_normalization': 'normalization.group_normalization',
    'normalize': 'normalization.l2_normalization',
    'layer_normalization': 'normalization.layer_normalization',
    'local_response_normalization': 'normalization.local_response_normalization',
    # pooling
    'average_pooling_2d': 'pooling.average_pooling_2d',
    'average_pooling_1d': 'pooling.average_pooling_nd',
    'average_pooling_3d': 'pooling.average_pooling_nd',
    'average_pooling_nd': 'pooling.average_pooling_nd',
    'max_pooling_1d': 'pooling.max_pooling_nd',
    'max_pooling_2d': 'pooling.max_pooling_nd',
    'max_pooling_3d': 'pooling.max_pooling_nd',
    'max_pooling_nd': 'pooling.max_pooling_nd',
    'roi_average_align_2d': 'pooling.roi_average_align_2d',
    'roi_average_pooling_2d': 'pooling.roi_average_pooling_2d',
    'roi_max_align_2d': 'pooling.roi_max_align_2d',
    'roi_max_pooling_2d': 'pooling.roi_max_pooling_2d',
    'roi_pooling_2d': 'pooling.roi_pooling_2d',
    'spatial_pyramid_pooling_2d': 'pooling.spatial_pyramid_pooling_2d',
    'unpooling_2d': 'pooling.unpooling_2d',
    'unpooling_1d': 'pooling.unpooling_nd',
    'unpooling_3d': 'pooling.unpooling_nd',
    'unpooling_nd': 'pooling.unpooling_nd',
    'upsampling_2d': 'pooling.upsampling_2d',
    # rnn
    'n_step_bigru': 'rnn.n_step_gru',
    'n_step_gru': 'rnn.n_step_gru',
    'n_step_bilstm': 'rnn.n_step_lstm',
    'n_step_lstm': 'rnn.n_step_lstm',
    'n_step_birnn': 'rnn.n_step_rnn',
    'n_step_rnn': 'rnn.n_step_rnn',
    'lstm': 'rnn.lstm',
    'slstm': 'rnn.slstm',
    'tree_lstm': 'rnn.tree_lstm',
    # util
    'forget': 'util.forget',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions import (
        activation as activation, array as array, connection as connection,
        evaluation as evaluation, loss as loss, math as math, noise as noise,
        normalization as normalization, pooling as pooling, rnn as rnn, theano as theano,
        util as util)
    from kusari.functions.activation.clipped_relu import (
        clipped_relu as clipped_relu,
        relu6 as relu6)
    from kusari.functions.activation.crelu import crelu as crelu
    from kusari.functions.activation.elu import elu as elu
    from kusari.functions.activation.hard_sigmoid import hard_sigmoid as hard_sigmoid
    from kusari.functions.activation.leaky_relu import leaky_relu as leaky_relu
    from kusari.functions.activation.log_softmax import log_softmax as log_softmax
    from kusari.functions.activation.maxout import maxout as maxout
    from kusari.functions.activation.prelu import prelu as prelu
    from kusari.functions.activation.relu import relu as relu
    from kusari.functions.activation.rrelu import rrelu as rrelu
    from kusari.functions.activation.selu import selu as selu
    from kusari.functions.activation.sigmoid import sigmoid as sigmoid
    from kusari.functions.activation.softmax import softmax as softmax
    from kusari.functions.activation.softplus import softplus as softplus
    from kusari.functions.activation.swish import swish as swish
    from kusari.functions.activation.tanh import tanh as tanh
    from kusari.functions.array.as_strided import as_strided as as_strided
    from kusari.functions.array.broadcast import (
        broadcast as broadcast,
        broadcast_to as broadcast_to,
        sum_to as sum_to)
    from kusari.functions.array.cast import cast as cast
    from kusari.functions.array.concat import concat as concat
    from kusari.functions.array.copy import copy as copy
    from kusari.functions.array.depth2space import depth2space as depth2space
    from kusari.functions.array.diagonal import diagonal as diagonal
    from kusari.functions.array.dstack import dstack as dstack
    from kusari.functions.array.expand_dims import expand_dims as expand_dims
    from kusari.functions.array.flatten import flatten as flatten
    from kusari.functions.array.flip import flip as flip
    from kusari.functions.array.fliplr import fliplr as fliplr
    from kusari.functions.array.flipud import flipud as flipud
    from kusari.functions.array.get_item import get_item as get_item
    from kusari.functions.array.hstack import hstack as hstack
    from kusari.functions.array.im2col import im2col as im2col
    from kusari.functions.array.moveaxis import moveaxis as moveaxis
    from kusari.functions.array.pad import pad as pad
    from kusari.functions.array.pad_sequence import pad_sequence as pad_sequence
    from kusari.functions.array.permutate import permutate as permutate
    from kusari.functions.array.repeat import repeat as repeat
    from kusari.functions.array.reshape import reshape as reshape
    from kusari.functions.array.resize_images import resize_images as resize_images
    from kusari.functions.array.rollaxis import rollaxis as rollaxis
    from kusari.functions.array.scatter_add import scatter_add as scatter_add
    from kusari.functions.array.select_item import select_item as select_item
    from kusari.functions.array.separate import separate as separate
    from kusari.functions.array.space2depth import space2depth as space2depth
    from kusari.functions.array.spatial_transformer_grid import (
        spatial_transformer_grid as spatial_transformer_grid)
    from kusari.functions.array.spatial_transformer_sampler import (
        spatial_transformer_sampler as spatial_transformer_sampler)
    from kusari.functions.array.split_axis import split_axis as split_axis
    from kusari.functions.array.squeeze import squeeze as squeeze
    from kusari.functions.array.stack import stack as stack
    from kusari.functions.array.swapaxes import swapaxes as swapaxes
    from kusari.functions.array.tile import tile as tile
    from kusari.functions.array.transpose import transpose as transpose
    from kusari.functions.array.transpose_sequence import transpose_sequence as transpose_sequence
    from kusari.functions.array.vstack import vstack as vstack
    from kusari.functions.array.where import where as where
    from kusari.functions.connection.bilinear import bilinear as bilinear
    from kusari.functions.connection.convolution_2d import convolution_2d as convolution_2d
    from kusari.functions.connection.convolution_nd import (
        convolution_1d as convolution_1d,
        convolution_3d as convolution_3d,
        convolution_nd as convolution_nd)
    from kusari.functions.connection.deconvolution_2d import deconvolution_2d as deconvolution_2d
    from kusari.functions.connection.deconvolution_nd import (
        deconvolution_1d as deconvolution_1d,
        deconvolution_3d as deconvolution_3d,
        deconvolution_nd as deconvolution_nd)
    from kusari.functions.connection.deformable_convolution_2d_sampler import (
        deformable_convolution_2d_sampler as deformable_convolution_2d_sampler)
    from kusari.functions.connection.depthwise_convolution_2d import (
        depthwise_convolution_2d as depthwise_convolution_2d)
    from kusari.functions.connection.dilated_convolution_2d import (
        dilated_convolution_2d as dilated_convolution_2d)
    from kusari.functions.connection.embed_id import embed_id as embed_id
    from kusari.functions.connection.linear import linear as linear
    from kusari.functions.connection.local_convolution_2d import (
        local_convolution_2d as local_convolution_2d)
    from kusari.functions.connection.shift import shift as shift
    from kusari.functions.evaluation.accuracy import accuracy as accuracy
    from kusari.functions.evaluation.binary_accuracy import binary_accuracy as binary_accuracy
    from kusari.functions.evaluation.classification_summary import (
        classification_summary as classification_summary,
        f1_score as f1_score,
        precision as precision,
        recall as recall)
    from kusari.functions.evaluation.r2_score import r2_score as r2_score
    from kusari.functions.loss.absolute_error import absolute_error as absolute_error
    from kusari.functions.loss.black_out import black_out as black_out
    from kusari.functions.loss.contrastive import contrastive as contrastive
    from kusari.functions.loss.crf1d import argmax_crf1d as argmax_crf1d, crf1d as crf1d
    from kusari.functions.loss.cross_covariance import cross_covariance as cross_covariance
    from kusari.functions.loss.ctc import (
        connectionist_temporal_classification as connectionist_temporal_classification)
    from kusari.functions.loss.decov import decov as decov
    from kusari.functions.loss.discriminative_loss import (
        discriminative_margin_based_clustering_loss as discriminative_margin_based_clustering_loss)
    from kusari.functions.loss.hinge import hinge as hinge
    from kusari.functions.loss.huber_loss import huber_loss as huber_loss
    from kusari.functions.loss.mean_absolute_error import mean_absolute_error as mean_absolute_error
    from kusari.functions.loss.mean_squared_error import mean_squared_error as mean_squared_error
    from kusari.functions.loss.negative_sampling import negative_sampling as negative_sampling
    from kusari.functions.loss.sigmoid_cross_entropy import (
        sigmoid_cross_entropy as sigmoid_cross_entropy)
    from kusari.functions.loss.softmax_cross_entropy import (
        softmax_cross_entropy as softmax_cross_entropy)
    from kusari.functions.loss.squared_error import (
        squared_difference as squared_difference,
        squared_error as squared_error)
    from kusari.functions.loss.triplet import triplet as triplet
    from kusari.functions.loss.vae import (
        bernoulli_nll as bernoulli_nll,
        gaussian_kl_divergence as gaussian_kl_divergence,
        gaussian_nll as gaussian_nll)
    from kusari.functions.math.arctanh import arctanh as arctanh
    from kusari.functions.math.average import average as average, mean as mean
    from kusari.functions.math.basic_math import absolute as absolute
    from kusari.functions.math.basic_math import add_n as add  # noqa: F401 (re-exported)
    from kusari.functions.math.batch_l2_norm_squared import (
        batch_l2_norm_squared as batch_l2_norm_squared)
    from kusari.functions.math.bias import bias as bias
    from kusari.functions.math.ceil import ceil as ceil
    from kusari.functions.math.cholesky import cholesky as cholesky
    from kusari.functions.math.clip import clip as clip
    from kusari.functions.math.cumprod import cumprod as cumprod
    from kusari.functions.math.cumsum import cumsum as cumsum
    from kusari.functions.math.det import batch_det as batch_det, det as det
    from kusari.functions.math.digamma import digamma as digamma
    from kusari.functions.math.einsum import einsum as einsum
    from kusari.functions.math.erf import erf as erf
    from kusari.functions.math.erfc import erfc as erfc
    from kusari.functions.math.erfcinv import erfcinv as erfcinv
    from kusari.functions.math.erfcx import erfcx as erfcx
    from kusari.functions.math.erfinv import erfinv as erfinv
    from kusari.functions.math.exponential import (
        exp as exp,
        log as log,
        log10 as log10,
        log2 as log2)
    from kusari.functions.math.exponential_m1 import expm1 as expm1
    from kusari.functions.math.fft import fft as fft, ifft as ifft
    from kusari.functions.math.fix import fix as fix
    from kusari.functions.math.floor import floor as floor
    from kusari.functions.math.fmod import fmod as fmod
    from kusari.functions.math.hyperbolic import cosh as cosh, sinh as sinh
    from kusari.functions.math.identity import identity as identity
    from kusari.functions.math.inv import batch_inv as batch_inv, inv as inv
    from kusari.functions.math.lgamma import lgamma as lgamma
    from kusari.functions.math.linear_interpolate import linear_interpolate as linear_interpolate
    from kusari.functions.math.log_ndtr import log_ndtr as log_ndtr
    from kusari.functions.math.logarithm_1p import log1p as log1p
    from kusari.functions.math.logsumexp import logsumexp as logsumexp
    from kusari.functions.math.matmul import batch_matmul as batch_matmul, matmul as matmul
    from kusari.functions.math.maximum import maximum as maximum
    from kusari.functions.math.minimum import minimum as minimum
    from kusari.functions.math.minmax import (
        argmax as argmax,
        argmin as argmin,
        max as max,
        min as min)
    from kusari.functions.math.ndtr import ndtr as ndtr
    from kusari.functions.math.ndtri import ndtri as ndtri
    from kusari.functions.math.polygamma import polygamma as polygamma
    from kusari.functions.math.prod import prod as prod
    from kusari.functions.math.scale import scale as scale
    from kusari.functions.math.sign import sign as sign
    from kusari.functions.math.sparse_matmul import sparse_matmul as sparse_matmul
    from kusari.functions.math.sqrt import rsqrt as rsqrt, sqrt as sqrt
    from kusari.functions.math.square import square as square
    from kusari.functions.math.sum import sum as sum
    from kusari.functions.math.tensordot import tensordot as tensordot
    from kusari.functions.math.trigonometric import (
        arccos as arccos,
        arcsin as arcsin,
        arctan as arctan,
        arctan2 as arctan2,
        cos as cos,
        sin as sin,
        tan as tan)
    from kusari.functions.math.zeta import zeta as zeta
    from kusari.functions.noise.dropout import dropout as dropout
    from kusari.functions.noise.gaussian import gaussian as gaussian
    from kusari.functions.noise.gumbel_softmax import gumbel_softmax as gumbel_softmax
    from kusari.functions.noise.simplified_dropconnect import (
        simplified_dropconnect as simplified_dropconnect)
    from kusari.functions.noise.zoneout import zoneout as zoneout
    from kusari.functions.normalization.batch_normalization import (
        batch_normalization as batch_normalization,
        fixed_batch_normalization as fixed_batch_normalization)
    from kusari.functions.normalization.batch_renormalization import (
        batch_renormalization as batch_renormalization,
        fixed_batch_renormalization as fixed_batch_renormalization)
    from kusari.functions.normalization.decorrelated_batch_normalization import (
        decorrelated_batch_normalization as decorrelated_batch_normalization,
        fixed_decorrelated_batch_normalization as fixed_decorrelated_batch_normalization)
    from kusari.functions.normalization.group_normalization import (
        group_normalization as group_normalization)
    from kusari.functions.normalization.l2_normalization import normalize as normalize
    from kusari.functions.normalization.layer_normalization import (
        layer_normalization as layer_normalization)
    from kusari.functions.normalization.local_response_normalization import (
        local_response_normalization as local_response_normalization)
    from kusari.functions.pooling.average_pooling_2d import average_pooling_2d as average_pooling_2d
    from kusari.functions.pooling.average_pooling_nd import (
        average_pooling_1d as average_pooling_1d,
        average_pooling_3d as average_pooling_3d,
        average_pooling_nd as average_pooling_nd)
    from kusari.functions.pooling.max_pooling_nd import (
        max_pooling_1d as max_pooling_1d,
        max_pooling_2d as max_pooling_2d,
        max_pooling_3d as max_pooling_3d,
        max_pooling_nd as max_pooling_nd)
    from kusari.functions.pooling.roi_average_align_2d import (
        roi_average_align_2d as roi_average_align_2d)
    from kusari.functions.pooling.roi_average_pooling_2d import (
        roi_average_pooling_2d as roi_average_pooling_2d)
    from kusari.functions.pooling.roi_max_align_2d import roi_max_align_2d as roi_max_align_2d
    from kusari.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d as roi_max_pooling_2d
    from kusari.functions.pooling.roi_pooling_2d import roi_pooling_2d as roi_pooling_2d
    from kusari.functions.pooling.spatial_pyramid_pooling_2d import (
        spatial_pyramid_pooling_2d as spatial_pyramid_pooling_2d)
    from kusari.functions.pooling.unpooling_2d import unpooling_2d as unpooling_2d
    from kusari.functions.pooling.unpooling_nd import (
        unpooling_1d as unpooling_1d,
        unpooling_3d as unpooling_3d,
        unpooling_nd as unpooling_nd)
    from kusari.functions.pooling.upsampling_2d import upsampling_2d as upsampling_2d
    from kusari.functions.rnn.lstm import lstm as lstm
    from kusari.functions.rnn.n_step_gru import (
        n_step_bigru as n_step_bigru,
        n_step_gru as n_step_gru)
    from kusari.functions.rnn.n_step_lstm import (
        n_step_bilstm as n_step_bilstm,
        n_step_lstm as n_step_lstm)
    from kusari.functions.rnn.n_step_rnn import (
        n_step_birnn as n_step_birnn,
        n_step_rnn as n_step_rnn)
    from kusari.functions.rnn.slstm import slstm as slstm
    from kusari.functions.rnn.tree_lstm import tree_lstm as tree_lstm
    from kusari.functions.util.forget import forget as forget
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
