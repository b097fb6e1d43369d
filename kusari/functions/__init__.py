"""Differentiable functions (Chainer's ``chainer.functions``, usually imported as F).

Each function lives in a module of its family's package (``kusari.functions.activation.relu``
and so on); as in Chainer, the family packages are plain packages of modules and this one
exports the functions.
"""

# activation
from kusari.functions.activation.clipped_relu import clipped_relu  # NOQA
from kusari.functions.activation.clipped_relu import relu6  # NOQA
from kusari.functions.activation.crelu import crelu  # NOQA
from kusari.functions.activation.elu import elu  # NOQA
from kusari.functions.activation.elu import selu  # NOQA
from kusari.functions.activation.hard_sigmoid import hard_sigmoid  # NOQA
from kusari.functions.activation.leaky_relu import leaky_relu  # NOQA
from kusari.functions.activation.lstm import lstm  # NOQA
from kusari.functions.activation.lstm import slstm  # NOQA
from kusari.functions.activation.lstm import tree_lstm  # NOQA
from kusari.functions.activation.maxout import maxout  # NOQA
from kusari.functions.activation.prelu import prelu  # NOQA
from kusari.functions.activation.relu import relu  # NOQA
from kusari.functions.activation.rrelu import rrelu  # NOQA
from kusari.functions.activation.sigmoid import sigmoid  # NOQA
from kusari.functions.activation.softmax import log_softmax  # NOQA
from kusari.functions.activation.softmax import softmax  # NOQA
from kusari.functions.activation.softplus import softplus  # NOQA
from kusari.functions.activation.swish import swish  # NOQA
from kusari.functions.activation.tanh import tanh  # NOQA
# array
from kusari.functions.array.broadcast import broadcast  # NOQA
from kusari.functions.array.broadcast import broadcast_to  # NOQA
from kusari.functions.array.reshape import reshape  # NOQA
from kusari.functions.array.transpose import transpose  # NOQA
from kusari.functions.array.as_strided import as_strided  # NOQA
from kusari.functions.array.cast import cast  # NOQA
from kusari.functions.array.concat import concat  # NOQA
from kusari.functions.array.copy import copy  # NOQA
from kusari.functions.array.depth2space import depth2space  # NOQA
from kusari.functions.array.diagonal import diagonal  # NOQA
from kusari.functions.array.dstack import dstack  # NOQA
from kusari.functions.array.expand_dims import expand_dims  # NOQA
from kusari.functions.array.flatten import flatten  # NOQA
from kusari.functions.array.flip import flip  # NOQA
from kusari.functions.array.fliplr import fliplr  # NOQA
from kusari.functions.array.flipud import flipud  # NOQA
from kusari.functions.array.get_item import get_item  # NOQA
from kusari.functions.array.hstack import hstack  # NOQA
from kusari.functions.array.im2col import im2col  # NOQA
from kusari.functions.array.moveaxis import moveaxis  # NOQA
from kusari.functions.array.pad import pad  # NOQA
from kusari.functions.array.pad_sequence import pad_sequence  # NOQA
from kusari.functions.array.permutate import permutate  # NOQA
from kusari.functions.array.repeat import repeat  # NOQA
from kusari.functions.array.resize_images import resize_images  # NOQA
from kusari.functions.array.rollaxis import rollaxis  # NOQA
from kusari.functions.array.scatter_add import scatter_add  # NOQA
from kusari.functions.array.select_item import select_item  # NOQA
from kusari.functions.array.separate import separate  # NOQA
from kusari.functions.array.space2depth import space2depth  # NOQA
from kusari.functions.array.spatial_transformer_grid import spatial_transformer_grid  # NOQA
from kusari.functions.array.spatial_transformer_sampler import spatial_transformer_sampler  # NOQA
from kusari.functions.array.split_axis import split_axis  # NOQA
from kusari.functions.array.squeeze import squeeze  # NOQA
from kusari.functions.array.stack import stack  # NOQA
from kusari.functions.array.swapaxes import swapaxes  # NOQA
from kusari.functions.array.tile import tile  # NOQA
from kusari.functions.array.transpose_sequence import transpose_sequence  # NOQA
from kusari.functions.array.vstack import vstack  # NOQA
from kusari.functions.array.where import where  # NOQA
# connection
from kusari.functions.connection.bilinear import bilinear  # NOQA
from kusari.functions.connection.convolution_2d import convolution_2d  # NOQA
from kusari.functions.connection.convolution_nd import convolution_1d  # NOQA
from kusari.functions.connection.convolution_nd import convolution_3d  # NOQA
from kusari.functions.connection.convolution_nd import convolution_nd  # NOQA
from kusari.functions.connection.deconvolution_2d import deconvolution_2d  # NOQA
from kusari.functions.connection.deconvolution_nd import deconvolution_1d  # NOQA
from kusari.functions.connection.deconvolution_nd import deconvolution_3d  # NOQA
from kusari.functions.connection.deconvolution_nd import deconvolution_nd  # NOQA
from kusari.functions.connection.deformable_convolution_2d_sampler import deformable_convolution_2d_sampler  # NOQA
from kusari.functions.connection.depthwise_convolution_2d import depthwise_convolution_2d  # NOQA
from kusari.functions.connection.dilated_convolution_2d import dilated_convolution_2d  # NOQA
from kusari.functions.connection.embed_id import embed_id  # NOQA
from kusari.functions.connection.linear import linear  # NOQA
from kusari.functions.connection.local_convolution_2d import local_convolution_2d  # NOQA
from kusari.functions.connection.shift import shift  # NOQA
# evaluation
from kusari.functions.evaluation.accuracy import accuracy  # NOQA
from kusari.functions.evaluation.binary_accuracy import binary_accuracy  # NOQA
from kusari.functions.evaluation.classification_summary import classification_summary  # NOQA
from kusari.functions.evaluation.classification_summary import f1_score  # NOQA
from kusari.functions.evaluation.classification_summary import precision  # NOQA
from kusari.functions.evaluation.classification_summary import recall  # NOQA
from kusari.functions.evaluation.r2_score import r2_score  # NOQA
# loss
from kusari.functions.loss.absolute_error import absolute_error  # NOQA
from kusari.functions.loss.black_out import black_out  # NOQA
from kusari.functions.loss.contrastive import contrastive  # NOQA
from kusari.functions.loss.crf1d import argmax_crf1d  # NOQA
from kusari.functions.loss.crf1d import crf1d  # NOQA
from kusari.functions.loss.cross_covariance import cross_covariance  # NOQA
from kusari.functions.loss.ctc import connectionist_temporal_classification  # NOQA
from kusari.functions.loss.decov import decov  # NOQA
from kusari.functions.loss.discriminative_loss import discriminative_margin_based_clustering_loss  # NOQA
from kusari.functions.loss.hinge import hinge  # NOQA
from kusari.functions.loss.huber_loss import huber_loss  # NOQA
from kusari.functions.loss.mean_absolute_error import mean_absolute_error  # NOQA
from kusari.functions.loss.mean_squared_error import mean_squared_error  # NOQA
from kusari.functions.loss.negative_sampling import negative_sampling  # NOQA
from kusari.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy  # NOQA
from kusari.functions.loss.softmax_cross_entropy import softmax_cross_entropy  # NOQA
from kusari.functions.loss.squared_error import squared_error  # NOQA
from kusari.functions.loss.triplet import triplet  # NOQA
from kusari.functions.loss.vae import bernoulli_nll  # NOQA
from kusari.functions.loss.vae import gaussian_kl_divergence  # NOQA
from kusari.functions.loss.vae import gaussian_nll  # NOQA
# math
from kusari.functions.array.broadcast import sum_to  # NOQA
from kusari.functions.array.identity import identity  # NOQA
from kusari.functions.math.basic_math import absolute  # NOQA
from kusari.functions.math.basic_math import add_n as add  # NOQA
from kusari.functions.math.batch_l2_norm_squared import batch_l2_norm_squared  # NOQA
from kusari.functions.math.bias_scale import bias  # NOQA
from kusari.functions.math.bias_scale import scale  # NOQA
from kusari.functions.math.clip import clip  # NOQA
from kusari.functions.math.cumulative import cumprod  # NOQA
from kusari.functions.math.cumulative import cumsum  # NOQA
from kusari.functions.math.einsum import einsum  # NOQA
from kusari.functions.math.exponential import exp  # NOQA
from kusari.functions.math.exponential import expm1  # NOQA
from kusari.functions.math.exponential import log  # NOQA
from kusari.functions.math.exponential import log1p  # NOQA
from kusari.functions.math.exponential import log2  # NOQA
from kusari.functions.math.exponential import log10  # NOQA
from kusari.functions.math.fft import fft  # NOQA
from kusari.functions.math.fft import ifft  # NOQA
from kusari.functions.math.fmod import fmod  # NOQA
from kusari.functions.math.hyperbolic import arctanh  # NOQA
from kusari.functions.math.hyperbolic import cosh  # NOQA
from kusari.functions.math.hyperbolic import sinh  # NOQA
from kusari.functions.math.linalg import batch_det  # NOQA
from kusari.functions.math.linalg import batch_inv  # NOQA
from kusari.functions.math.linalg import cholesky  # NOQA
from kusari.functions.math.linalg import det  # NOQA
from kusari.functions.math.linalg import inv  # NOQA
from kusari.functions.math.linear_interpolate import linear_interpolate  # NOQA
from kusari.functions.math.logsumexp import logsumexp  # NOQA
from kusari.functions.math.matmul import batch_matmul  # NOQA
from kusari.functions.math.matmul import matmul  # NOQA
from kusari.functions.math.minmax import argmax  # NOQA
from kusari.functions.math.minmax import argmin  # NOQA
from kusari.functions.math.minmax import max  # NOQA
from kusari.functions.math.minmax import maximum  # NOQA
from kusari.functions.math.minmax import min  # NOQA
from kusari.functions.math.minmax import minimum  # NOQA
from kusari.functions.math.power import rsqrt  # NOQA
from kusari.functions.math.power import sqrt  # NOQA
from kusari.functions.math.power import square  # NOQA
from kusari.functions.math.prod import prod  # NOQA
from kusari.functions.math.rounding import ceil  # NOQA
from kusari.functions.math.rounding import fix  # NOQA
from kusari.functions.math.rounding import floor  # NOQA
from kusari.functions.math.rounding import sign  # NOQA
from kusari.functions.math.sparse_matmul import sparse_matmul  # NOQA
from kusari.functions.math.special import digamma  # NOQA
from kusari.functions.math.special import erf  # NOQA
from kusari.functions.math.special import erfc  # NOQA
from kusari.functions.math.special import erfcinv  # NOQA
from kusari.functions.math.special import erfcx  # NOQA
from kusari.functions.math.special import erfinv  # NOQA
from kusari.functions.math.special import lgamma  # NOQA
from kusari.functions.math.special import log_ndtr  # NOQA
from kusari.functions.math.special import ndtr  # NOQA
from kusari.functions.math.special import ndtri  # NOQA
from kusari.functions.math.special import polygamma  # NOQA
from kusari.functions.math.special import zeta  # NOQA
from kusari.functions.math.squared_difference import squared_difference  # NOQA
from kusari.functions.math.sum import average  # NOQA
from kusari.functions.math.sum import mean  # NOQA
from kusari.functions.math.sum import sum  # NOQA
from kusari.functions.math.tensordot import tensordot  # NOQA
from kusari.functions.math.trigonometric import arccos  # NOQA
from kusari.functions.math.trigonometric import arcsin  # NOQA
from kusari.functions.math.trigonometric import arctan  # NOQA
from kusari.functions.math.trigonometric import arctan2  # NOQA
from kusari.functions.math.trigonometric import cos  # NOQA
from kusari.functions.math.trigonometric import sin  # NOQA
from kusari.functions.math.trigonometric import tan  # NOQA
# noise
from kusari.functions.noise.dropout import dropout  # NOQA
from kusari.functions.noise.gaussian import gaussian  # NOQA
from kusari.functions.noise.gumbel_softmax import gumbel_softmax  # NOQA
from kusari.functions.noise.simplified_dropconnect import simplified_dropconnect  # NOQA
from kusari.functions.noise.zoneout import zoneout  # NOQA
# normalization
from kusari.functions.normalization.batch_normalization import batch_normalization  # NOQA
from kusari.functions.normalization.batch_normalization import fixed_batch_normalization  # NOQA
from kusari.functions.normalization.batch_renormalization import batch_renormalization  # NOQA
from kusari.functions.normalization.batch_renormalization import fixed_batch_renormalization  # NOQA
from kusari.functions.normalization.decorrelated_batch_normalization import decorrelated_batch_normalization  # NOQA
from kusari.functions.normalization.decorrelated_batch_normalization import fixed_decorrelated_batch_normalization  # NOQA
from kusari.functions.normalization.group_normalization import group_normalization  # NOQA
from kusari.functions.normalization.l2_normalization import normalize  # NOQA
from kusari.functions.normalization.layer_normalization import layer_normalization  # NOQA
from kusari.functions.normalization.local_response_normalization import local_response_normalization  # NOQA
# pooling
from kusari.functions.pooling.average_pooling_2d import average_pooling_2d  # NOQA
from kusari.functions.pooling.average_pooling_nd import average_pooling_1d  # NOQA
from kusari.functions.pooling.average_pooling_nd import average_pooling_3d  # NOQA
from kusari.functions.pooling.average_pooling_nd import average_pooling_nd  # NOQA
from kusari.functions.pooling.max_pooling_nd import max_pooling_1d  # NOQA
from kusari.functions.pooling.max_pooling_nd import max_pooling_2d  # NOQA
from kusari.functions.pooling.max_pooling_nd import max_pooling_3d  # NOQA
from kusari.functions.pooling.max_pooling_nd import max_pooling_nd  # NOQA
from kusari.functions.pooling.roi_average_align_2d import roi_average_align_2d  # NOQA
from kusari.functions.pooling.roi_average_pooling_2d import roi_average_pooling_2d  # NOQA
from kusari.functions.pooling.roi_max_align_2d import roi_max_align_2d  # NOQA
from kusari.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d  # NOQA
from kusari.functions.pooling.roi_pooling_2d import roi_pooling_2d  # NOQA
from kusari.functions.pooling.spatial_pyramid_pooling_2d import spatial_pyramid_pooling_2d  # NOQA
from kusari.functions.pooling.unpooling_2d import unpooling_2d  # NOQA
from kusari.functions.pooling.unpooling_nd import unpooling_1d  # NOQA
from kusari.functions.pooling.unpooling_nd import unpooling_3d  # NOQA
from kusari.functions.pooling.unpooling_nd import unpooling_nd  # NOQA
from kusari.functions.pooling.upsampling_2d import upsampling_2d  # NOQA
# rnn
from kusari.functions.rnn.n_step_gru import n_step_bigru  # NOQA
from kusari.functions.rnn.n_step_gru import n_step_gru  # NOQA
from kusari.functions.rnn.n_step_lstm import n_step_bilstm  # NOQA
from kusari.functions.rnn.n_step_lstm import n_step_lstm  # NOQA
from kusari.functions.rnn.n_step_rnn import n_step_birnn  # NOQA
from kusari.functions.rnn.n_step_rnn import n_step_rnn  # NOQA
# util
from kusari.functions.util.forget import forget  # NOQA

__all__ = [
    'absolute',
    'absolute_error',
    'accuracy',
    'add',
    'arccos',
    'arcsin',
    'arctan',
    'arctan2',
    'arctanh',
    'argmax',
    'argmax_crf1d',
    'argmin',
    'as_strided',
    'average',
    'average_pooling_1d',
    'average_pooling_2d',
    'average_pooling_3d',
    'average_pooling_nd',
    'batch_det',
    'batch_inv',
    'batch_l2_norm_squared',
    'batch_matmul',
    'batch_normalization',
    'batch_renormalization',
    'bernoulli_nll',
    'bias',
    'bilinear',
    'binary_accuracy',
    'black_out',
    'broadcast',
    'broadcast_to',
    'cast',
    'ceil',
    'cholesky',
    'classification_summary',
    'clip',
    'clipped_relu',
    'concat',
    'connectionist_temporal_classification',
    'contrastive',
    'convolution_1d',
    'convolution_2d',
    'convolution_3d',
    'convolution_nd',
    'copy',
    'cos',
    'cosh',
    'crelu',
    'crf1d',
    'cross_covariance',
    'cumprod',
    'cumsum',
    'deconvolution_1d',
    'deconvolution_2d',
    'deconvolution_3d',
    'deconvolution_nd',
    'decorrelated_batch_normalization',
    'decov',
    'deformable_convolution_2d_sampler',
    'depth2space',
    'depthwise_convolution_2d',
    'det',
    'diagonal',
    'digamma',
    'dilated_convolution_2d',
    'discriminative_margin_based_clustering_loss',
    'dropout',
    'dstack',
    'einsum',
    'elu',
    'embed_id',
    'erf',
    'erfc',
    'erfcinv',
    'erfcx',
    'erfinv',
    'exp',
    'expand_dims',
    'expm1',
    'f1_score',
    'fft',
    'fix',
    'fixed_batch_normalization',
    'fixed_batch_renormalization',
    'fixed_decorrelated_batch_normalization',
    'flatten',
    'flip',
    'fliplr',
    'flipud',
    'floor',
    'fmod',
    'forget',
    'gaussian',
    'gaussian_kl_divergence',
    'gaussian_nll',
    'get_item',
    'group_normalization',
    'gumbel_softmax',
    'hard_sigmoid',
    'hinge',
    'hstack',
    'huber_loss',
    'identity',
    'ifft',
    'im2col',
    'inv',
    'layer_normalization',
    'leaky_relu',
    'lgamma',
    'linear',
    'linear_interpolate',
    'local_convolution_2d',
    'local_response_normalization',
    'log',
    'log10',
    'log1p',
    'log2',
    'log_ndtr',
    'log_softmax',
    'logsumexp',
    'lstm',
    'matmul',
    'max',
    'max_pooling_1d',
    'max_pooling_2d',
    'max_pooling_3d',
    'max_pooling_nd',
    'maximum',
    'maxout',
    'mean',
    'mean_absolute_error',
    'mean_squared_error',
    'min',
    'minimum',
    'moveaxis',
    'n_step_bigru',
    'n_step_bilstm',
    'n_step_birnn',
    'n_step_gru',
    'n_step_lstm',
    'n_step_rnn',
    'ndtr',
    'ndtri',
    'negative_sampling',
    'normalize',
    'pad',
    'pad_sequence',
    'permutate',
    'polygamma',
    'precision',
    'prelu',
    'prod',
    'r2_score',
    'recall',
    'relu',
    'relu6',
    'repeat',
    'reshape',
    'resize_images',
    'roi_average_align_2d',
    'roi_average_pooling_2d',
    'roi_max_align_2d',
    'roi_max_pooling_2d',
    'roi_pooling_2d',
    'rollaxis',
    'rrelu',
    'rsqrt',
    'scale',
    'scatter_add',
    'select_item',
    'selu',
    'separate',
    'shift',
    'sigmoid',
    'sigmoid_cross_entropy',
    'sign',
    'simplified_dropconnect',
    'sin',
    'sinh',
    'slstm',
    'softmax',
    'softmax_cross_entropy',
    'softplus',
    'space2depth',
    'sparse_matmul',
    'spatial_pyramid_pooling_2d',
    'spatial_transformer_grid',
    'spatial_transformer_sampler',
    'split_axis',
    'sqrt',
    'square',
    'squared_difference',
    'squared_error',
    'squeeze',
    'stack',
    'sum',
    'sum_to',
    'swapaxes',
    'swish',
    'tan',
    'tanh',
    'tensordot',
    'tile',
    'transpose',
    'transpose_sequence',
    'tree_lstm',
    'triplet',
    'unpooling_1d',
    'unpooling_2d',
    'unpooling_3d',
    'unpooling_nd',
    'upsampling_2d',
    'vstack',
    'where',
    'zeta',
    'zoneout',
]
