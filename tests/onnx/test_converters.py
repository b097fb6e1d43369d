"""Each converter, in onnxruntime, against kusari's outputs (float32, 1e-5) for every
opset it supports."""

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari.onnx.functions import minimum_opsets
from kusari.onnx.testing.input_generator import increasing, nonzero_increasing, \
    positive_increasing
from tests.onnx.conftest import OPSETS, check_export


class Apply(kusari.Chain):
    """A model computing ``fn(self, *xs)``, with ``links`` as children."""

    def __init__(self, fn, **links):
        super().__init__()
        self.fn = fn
        with self.init_scope():
            for name, link in links.items():
                setattr(self, name, link)

    def forward(self, *xs):
        return self.fn(self, *xs)


def x(*shape):
    return increasing(*shape)


def positive(*shape):
    return positive_increasing(*shape) / 10


def ints(*values):
    return numpy.array(values, numpy.int32)


# where each element goes inside its 2x2 window, as max_pooling_2d's indexes say
WINDOW_OFFSETS = numpy.array([3, 0, 1, 2, 2, 1, 0, 3, 1, 1, 3, 2]).reshape(1, 2, 3, 2)

# (y_min, x_min, y_max, x_max) in units of 1 / spatial_scale pixels, and their images;
# the last reaches outside the image
ALIGN_ROIS = numpy.array([[0, 0, 7, 9], [1.5, 2.2, 6.1, 8.3], [2, 3, 2.5, 3.4],
                          [-3, 5, 15, 16]], numpy.float32)
ALIGN_ROI_INDICES = ints(0, 1, 1, 0)

# five steps of scores (batch 2, vocabulary 4) for connectionist_temporal_classification
CTC_XS = [numpy.sin(numpy.arange(8) * (k + 1)).reshape(2, 4).astype(numpy.float32)
          for k in range(5)]

# (id, fn(model, *xs), inputs, links, node class whose minimum opset applies)
CASES = [
    # activation
    ('relu', lambda m, a: F.relu(a), [x(2, 5)], {}),
    ('sigmoid', lambda m, a: F.sigmoid(a), [x(2, 5)], {}),
    ('tanh', lambda m, a: F.tanh(a), [x(2, 5)], {}),
    ('elu', lambda m, a: F.elu(a, 0.5), [x(2, 5)], {}),
    ('leaky_relu', lambda m, a: F.leaky_relu(a, 0.1), [x(2, 5)], {}),
    ('selu', lambda m, a: F.selu(a), [x(2, 5)], {}),
    ('hard_sigmoid', lambda m, a: F.hard_sigmoid(a), [x(2, 5)], {}),
    ('clipped_relu', lambda m, a: F.clipped_relu(a, 1.5), [x(2, 5)], {}),
    ('softmax', lambda m, a: F.softmax(a), [x(2, 3, 4)], {}),
    ('softmax_axis0', lambda m, a: F.softmax(a, axis=0), [x(2, 3, 4)], {}),
    ('log_softmax_axis2', lambda m, a: F.log_softmax(a, axis=2), [x(2, 3, 4)], {}),
    ('softplus', lambda m, a: F.softplus(a), [x(2, 5)], {}),
    ('softplus_beta2', lambda m, a: F.softplus(a, beta=2.), [x(2, 5)], {}),
    ('prelu', lambda m, a: m.p(a), [x(2, 3, 4)], {'p': L.PReLU(shape=(3,), init=0.3)}),
    ('crelu', lambda m, a: F.crelu(a, axis=1), [x(2, 3)], {}),
    ('rrelu', lambda m, a: F.rrelu(a), [x(2, 3)], {}),
    ('swish', lambda m, a: F.swish(a, numpy.full(3, 0.7, numpy.float32)), [x(2, 3)], {},
     'BroadcastTo'),
    # math
    ('add_sub_mul_div', lambda m, a, c: (a + c) * a - a / c, [x(2, 3), nonzero_increasing(2, 3)],
     {}),
    ('constants', lambda m, a: (2 - a) * 3 + 1 - 4 / a, [nonzero_increasing(2, 3)], {}),
    ('neg_abs', lambda m, a: abs(-a), [x(2, 3)], {}),
    ('exp_log_sqrt', lambda m, a: F.exp(a) + F.log(a) + F.sqrt(a) + F.rsqrt(a),
     [positive(2, 3)], {}),
    ('trigonometric', lambda m, a: F.sin(a) + F.cos(a) + F.tan(a) + F.arcsin(a) + F.arccos(a)
     + F.arctan(a), [positive(2, 3)], {}),
    ('hyperbolic', lambda m, a: F.sinh(a) + F.cosh(a), [positive(2, 3)], {}, 'Sinh'),
    ('expm1_log1p_log2_log10', lambda m, a: F.expm1(a) + F.log1p(a) + F.log2(a) + F.log10(a),
     [positive(2, 3)], {}),
    ('pow', lambda m, a, c: a ** 2.3 + 1.5 ** a + a ** c, [positive(2, 3), positive(2, 3)], {}),
    ('square', lambda m, a: F.square(a), [x(2, 3)], {}),
    ('clip', lambda m, a: F.clip(a, -0.5, 0.7), [x(2, 3)], {}),
    ('sum', lambda m, a: F.sum(a, axis=(0, 2)), [x(2, 3, 4)], {}),
    ('sum_keepdims', lambda m, a: F.sum(a, keepdims=True), [x(2, 3, 4)], {}),
    ('max_min', lambda m, a: F.max(a, axis=1) + F.min(a, axis=-1), [x(3, 3)], {}),
    ('mean_prod', lambda m, a: F.mean(a, axis=0) + F.prod(a, axis=1), [positive(3, 3)], {}),
    ('logsumexp', lambda m, a: F.logsumexp(a, axis=1), [x(3, 4)], {}),
    ('argmax', lambda m, a: F.argmax(a, axis=1), [x(3, 4)], {}),
    ('argmin_flat', lambda m, a: F.argmin(a), [x(3, 4)], {}),
    ('broadcast_to', lambda m, a: F.broadcast_to(a, (2, 3, 4)), [x(3, 1)], {}, 'BroadcastTo'),
    ('linear_interpolate', lambda m, p, a, c: F.linear_interpolate(p, a, c),
     [positive(2, 3), x(2, 3), x(2, 3) * 2], {}),
    ('matmul', lambda m, a, c: F.matmul(a, c, transa=True) + F.matmul(a, c, transb=True),
     [x(3, 3), x(3, 3) / 2], {}),
    ('batch_matmul', lambda m, a, c: F.matmul(a, c), [x(2, 3, 4), x(2, 4, 2)], {}),
    ('maximum_minimum', lambda m, a, c: F.maximum(a, c) - F.minimum(a, c),
     [x(2, 3), x(2, 3)[::-1].copy()], {}),
    ('sign', lambda m, a: F.sign(a) * a, [x(2, 3)], {}, 'sign'),
    ('identity', lambda m, a: F.identity(a), [x(2, 3)], {}),
    ('arctanh_erf_erfc', lambda m, a: F.arctanh(a) + F.erf(a) + F.erfc(a), [positive(2, 3)], {},
     'Arctanh'),
    ('fmod', lambda m, a, c: F.fmod(a, c), [x(2, 3), nonzero_increasing(2, 3) + 4], {},
     'Fmod'),
    ('add_many', lambda m, a, c: F.add(a, c, a), [x(2, 3), x(2, 3)], {}),
    ('sum_to', lambda m, a: F.sum_to(a, (3, 1)), [x(2, 3, 4)], {}),
    ('cumsum', lambda m, a: F.cumsum(a, axis=1) + F.cumsum(a).reshape(2, 3), [x(2, 3)], {},
     'Cumsum'),
    ('arctan2', lambda m, a, c: F.arctan2(a, c), [numpy.array(
        [[1, -1, 0, 2], [-2, 0, 0, 0.5]], numpy.float32), numpy.array(
        [[1, -1, -1, 0], [3, 1, 0, -2]], numpy.float32)], {}, 'Arctan2'),
    ('batch_l2_norm_squared', lambda m, a: F.batch_l2_norm_squared(a), [x(2, 3, 2)], {}),
    ('cumprod', lambda m, a: (F.cumprod(a, axis=1), F.cumprod(a), F.cumprod(a[:, :1], -1)),
     [x(2, 3)], {}),
    ('det', lambda m, a: (F.det(a[0]), F.batch_det(a)), [positive(2, 3, 3) + numpy.eye(
        3, dtype=numpy.float32)], {}, 'BatchDet'),
    ('einsum', lambda m, a, c: F.einsum('ij,kj->ik', a, c), [x(2, 3), x(4, 3)], {}, 'EinSum'),
    ('tensordot', lambda m, a, c: F.tensordot(a, c, axes=((0, 2), (2, 0))),
     [x(2, 3, 4), x(4, 5, 2)], {}, 'TensorDot'),
    ('fft_ifft', lambda m, a, c: F.fft((a, c)) + F.ifft((c, a)), [x(2, 5), x(2, 5) / 3], {},
     'FFT'),
    # arrays
    ('cast', lambda m, a: F.cast(a, numpy.float64), [x(2, 3)], {}),
    ('concat_stack', lambda m, a, c: (F.concat([a, c], axis=1), F.stack([a, c], axis=1)),
     [x(2, 3), x(2, 3)], {}),
    ('vstack_hstack_dstack', lambda m, a, c: F.vstack([a, c])[None] + F.hstack(
        [a, c]).reshape(1, 4, 3) + F.dstack([a, c]).reshape(1, 4, 3), [x(2, 3), x(2, 3)], {}),
    ('reshape_expand_squeeze', lambda m, a: F.squeeze(F.expand_dims(F.reshape(a, (3, 1, 2)),
                                                                    0), axis=(0, 2)),
     [x(2, 3)], {}),
    ('transposes', lambda m, a: (F.transpose(a, (2, 0, 1)), F.transpose(a), F.swapaxes(
        a, 0, 2), F.moveaxis(a, (0, 2), (1, 0)), F.rollaxis(a, 2)), [x(2, 3, 4)], {}),
    ('tile', lambda m, a: F.tile(a, (2, 1, 2)), [x(2, 3)], {}),
    ('repeat', lambda m, a: F.repeat(a, (1, 2, 3), axis=1), [x(2, 3)], {}),
    ('repeat_flat', lambda m, a: F.repeat(a, 2), [x(2, 3)], {}),
    ('pad_constant', lambda m, a: F.pad(a, ((0, 1), (2, 0)), 'constant', constant_values=-1.),
     [x(2, 3)], {}),
    ('pad_reflect_edge', lambda m, a: F.pad(a, ((0, 0), (1, 2)), 'reflect') + F.pad(
        a, ((0, 0), (1, 2)), 'edge'), [x(2, 4)], {}),
    ('split_axis', lambda m, a: F.split_axis(a, [1, 3], axis=1)[1], [x(2, 5)], {}),
    ('separate', lambda m, a: F.separate(a, axis=1)[2], [x(2, 3)], {}),
    ('get_item', lambda m, a: a[1:, None, ..., 0:2], [x(3, 4, 5)], {}),
    ('get_item_int', lambda m, a: a[-1, :, 2], [x(3, 4, 5)], {}),
    ('get_item_step', lambda m, a: a[::-1, 1::2], [x(3, 4)], {}, 'Slice10'),
    ('get_item_gather', lambda m, a: a[:, [[0, 2], [1, 1]]], [x(3, 4, 5)], {}),
    ('get_item_gathernd', lambda m, a: a[[0, 2], [1, 3]], [x(3, 4, 5)], {}, 'GatherND'),
    ('where', lambda m, c, a, b: F.where(c, a, b),
     [numpy.array([[True, False, True]]), x(1, 3), x(1, 3) * 2], {}, 'Where'),
    ('pad_sequence', lambda m, a, c: F.pad_sequence([a, c], 4, -1.5), [x(2, 3), x(4, 3)], {}),
    ('pad_sequence_longest', lambda m, a, c: F.pad_sequence([a, c]), [x(3), x(1)], {}),
    ('permutate', lambda m, a: F.permutate(a, ints(2, 0, 1)) + F.permutate(
        a, ints(2, 0, 1), inv=True), [x(3, 2)], {}),
    ('permutate_input', lambda m, a, i: F.permutate(a, i, inv=True), [x(3, 2), ints(2, 0, 1)],
     {}, 'Scatter'),
    ('select_item', lambda m, a, t: F.select_item(a, t), [x(3, 4), ints(3, 0, 1)], {},
     'SelectItem'),
    ('transpose_sequence', lambda m, a, c: F.transpose_sequence([a, c])[1],
     [x(3, 2), x(3, 2)], {}),
    ('depth2space_space2depth', lambda m, a: F.space2depth(F.depth2space(a, 2) * 2, 2),
     [x(1, 8, 2, 3)], {}),
    ('resize_images', lambda m, a: F.resize_images(a, (5, 7)), [x(1, 2, 3, 4)], {},
     'ResizeImagesExact'),
    ('copy', lambda m, a: F.copy(a, -1), [x(2, 3)], {}),
    ('flip', lambda m, a: F.flip(a, 1), [x(2, 3)], {}, 'Flip'),
    ('diagonal', lambda m, a: (F.diagonal(a[0, 0]), F.diagonal(a, 1, 3, 1), F.diagonal(
        a, -1, 2, 0)), [x(2, 3, 4, 5)], {}),
    ('im2col', lambda m, a: F.im2col(a, 3, 2, 1, dilate=(1, 2)), [x(2, 2, 5, 6)], {}),
    ('im2col_cover_all', lambda m, a: F.im2col(a, 2, 2, cover_all=True), [x(1, 2, 5, 5)], {}),
    ('as_strided', lambda m, a: F.as_strided(a, (3, 4), (2, 1)), [x(2, 5)], {}),
    ('as_strided_of_a_view', lambda m, a: F.as_strided(F.transpose(a), (2, 2), (1, 3)),
     [x(2, 3)], {}),
    ('scatter_add', lambda m, a, c: F.scatter_add(a, (slice(None), [0, 2, 0]), c),
     [x(2, 3), x(2, 3) / 3], {}),
    ('scatter_add_broadcast', lambda m, a, c: F.scatter_add(a, ([1, 1], slice(1, 3)), c),
     [x(2, 3), x(2) / 3], {}),
    # connection
    ('linear', lambda m, a: m.l(a), [x(2, 3)], {'l': L.Linear(3, 4)}),
    ('linear_nobias', lambda m, a: m.l(a), [x(2, 3)], {'l': L.Linear(3, 4, nobias=True)}),
    ('linear_n_batch_axes', lambda m, a: m.l(a, n_batch_axes=2), [x(2, 2, 3)],
     {'l': L.Linear(3, 4)}),
    ('convolution_2d', lambda m, a: m.c(a), [x(1, 4, 7, 6)],
     {'c': L.Convolution2D(4, 6, 3, stride=2, pad=1, groups=2)}),
    ('dilated_convolution_2d', lambda m, a: m.c(a), [x(1, 2, 7, 7)],
     {'c': L.DilatedConvolution2D(2, 3, 3, pad=1, dilate=2)}),
    ('convolution_3d', lambda m, a: m.c(a), [x(1, 2, 4, 5, 4)],
     {'c': L.ConvolutionND(3, 2, 3, 2, pad=1)}),
    ('deconvolution_2d', lambda m, a: m.d(a), [x(1, 2, 3, 4)],
     {'d': L.Deconvolution2D(2, 3, 3, stride=2, pad=1, outsize=(6, 8))}),
    ('local_convolution_2d', lambda m, a: m.c(a), [x(2, 3, 5, 6)],
     {'c': L.LocalConvolution2D(3, 4, (5, 6), (2, 3), stride=(1, 2),
                                initial_bias=numpy.sin(numpy.arange(32)).reshape(4, 4, 2))}),
    ('local_convolution_2d_nobias', lambda m, a: m.c(a), [x(1, 2, 4, 4)],
     {'c': L.LocalConvolution2D(2, 3, 4, 3, nobias=True)}),
    ('embed_id', lambda m, i: m.e(i), [ints(0, 3, -1, 2)], {'e': L.EmbedID(4, 3, ignore_label=-1)},
     'EmbedIDIgnore'),
    # normalization
    ('batch_normalization', lambda m, a: m.bn(a), [x(3, 4, 2)], {'bn': L.BatchNormalization(4)}),
    ('group_normalization', lambda m, a: m.gn(a), [x(2, 4, 3)],
     {'gn': L.GroupNormalization(2, 4)}),
    ('local_response_normalization', lambda m, a: F.local_response_normalization(a, n=3),
     [x(1, 5, 2, 2)], {}),
    ('normalize', lambda m, a: F.normalize(a, axis=1), [x(2, 3)], {}),
    ('layer_normalization', lambda m, a: m.ln(a), [x(2, 3)], {'ln': L.LayerNormalization(3)}),
    # pooling
    ('max_pooling_2d', lambda m, a: F.max_pooling_2d(a, 3, 2, 1), [x(1, 2, 7, 6)], {}),
    ('max_pooling_2d_cover_all', lambda m, a: F.max_pooling_2d(a, 2, 2, cover_all=False) + 0
     * F.max_pooling_2d(a, 2, 2, cover_all=True)[:, :, :3, :3], [x(1, 2, 7, 6)], {}),
    ('average_pooling_2d', lambda m, a: F.average_pooling_2d(a, 3, 2, 1), [x(1, 2, 7, 6)], {}),
    ('average_pooling_3d', lambda m, a: F.average_pooling_nd(a, 2, 1, 1), [x(1, 2, 3, 4, 3)],
     {}),
    ('unpooling_2d', lambda m, a: F.unpooling_2d(a, 2, cover_all=False), [x(1, 2, 3, 2)], {}),
    ('upsampling_2d', lambda m, a: F.upsampling_2d(a, WINDOW_OFFSETS, 2, cover_all=False),
     [x(1, 2, 3, 2)], {}, 'Upsampling2D'),
    ('upsampling_2d_strided', lambda m, a: F.upsampling_2d(a, WINDOW_OFFSETS, (2, 3), 3,
                                                           outsize=(8, 6)),
     [x(1, 2, 3, 2)], {}, 'Upsampling2D'),
    ('roi_average_align_2d', lambda m, a, r, i: F.roi_average_align_2d(a, r, i, (3, 2), 0.5),
     [positive(2, 2, 6, 7), ALIGN_ROIS, ALIGN_ROI_INDICES], {}, 'ROIAverageAlign2D'),
    ('roi_average_align_2d_sampling', lambda m, a, r, i: F.roi_average_align_2d(
        a, r, i, 2, 1.5, 2), [positive(2, 2, 6, 7), ALIGN_ROIS, ALIGN_ROI_INDICES], {},
     'ROIAverageAlign2D'),
    # loss
    ('softmax_cross_entropy', lambda m, a, t: F.softmax_cross_entropy(a, t),
     [x(3, 4), ints(1, -1, 3)], {}, 'SoftmaxCrossEntropy'),
    ('softmax_cross_entropy_no_reduce', lambda m, a, t: F.softmax_cross_entropy(
        a, t, reduce='no'), [x(3, 4), ints(1, 0, 3)], {}, 'SoftmaxCrossEntropy'),
    ('sigmoid_cross_entropy', lambda m, a, t: F.sigmoid_cross_entropy(a, t),
     [x(2, 3), numpy.array([[1, 0, -1], [0, 1, 1]], numpy.int32)], {}, 'SigmoidCrossEntropy'),
    ('mean_squared_error', lambda m, a, c: F.mean_squared_error(a, c), [x(2, 3), x(2, 3) / 3],
     {}),
    ('mean_absolute_error', lambda m, a, c: F.mean_absolute_error(a, c),
     [x(2, 3), x(2, 3) / 3], {}),
    ('squared_absolute_error', lambda m, a, c: (F.squared_error(a, c), F.absolute_error(a, c)),
     [x(2, 3), x(2, 3) / 3], {}),
    ('huber_loss', lambda m, a, c: (F.huber_loss(a, c, 0.5), F.huber_loss(a, c, 1., reduce='no')),
     [x(2, 3), x(2, 3) / 3], {}),
    ('contrastive', lambda m, a, c, t: (F.contrastive(a, c, t, 2.), F.contrastive(
        a, c, t, 1., reduce='no')), [x(3, 2) / 5, x(3, 2)[::-1] / 5, ints(1, 0, 0)], {}),
    ('bernoulli_nll', lambda m, a, c: (F.bernoulli_nll(a, c), F.bernoulli_nll(
        a, c, reduce='no')), [(x(2, 3) > 0).astype(numpy.float32), x(2, 3)], {}),
    ('gaussian_nll', lambda m, a, c, v: F.gaussian_nll(a, c, v, reduce='mean'),
     [x(2, 3), x(2, 3)[::-1], x(2, 3) / 4], {}),
    ('crf1d', lambda m, c, a, e: F.crf1d(c, [a, e], [ints(0, 2, 1), ints(1, 1, 0)]),
     [numpy.sin(x(3, 3)), x(3, 3) / 4, x(3, 3)[::-1] / 5], {}, 'GatherND'),
    ('ctc', lambda m, t, *xs: F.connectionist_temporal_classification(list(xs), t, 0),
     [ints(1, 2, 2, 3, 1, 0).reshape(2, 3)] + CTC_XS, {}, 'ConnectionistTemporalClassification'),
    ('ctc_lengths', lambda m, t, i, n, *xs: F.connectionist_temporal_classification(
        list(xs), t, 3, i, n, reduce='no'), [ints(1, 2, 2, 0, 1, 0).reshape(2, 3), ints(4, 5),
                                              ints(3, 1)] + CTC_XS, {},
     'ConnectionistTemporalClassification'),
    ('ctc_impossible', lambda m, t, *xs: F.connectionist_temporal_classification(
        list(xs[:3]), t, 0, reduce='no'), [ints(1, 1, 1, 2, 3, 1).reshape(2, 3)] + CTC_XS, {},
     'ConnectionistTemporalClassification'),
    # evaluation
    ('accuracy', lambda m, a, t: (F.accuracy(a, t), F.accuracy(a, t, ignore_label=-1)),
     [x(4, 3)[:, ::-1] * x(4, 3), ints(0, 2, -1, 1)], {}),
    ('binary_accuracy', lambda m, a, t: F.binary_accuracy(a, t),
     [x(2, 3), numpy.array([[1, 0, -1], [1, 1, 0]], numpy.int32)], {}),
    ('r2_score', lambda m, a, c: (F.r2_score(a, c), F.r2_score(
        a, c, multioutput='raw_values')),
     [x(3, 2), x(3, 2) ** 2 * numpy.array([1, 0], numpy.float32)], {}, 'R2_score'),
    ('classification_summary', lambda m, a, t: F.classification_summary(a, t, beta=0.5),
     [x(5, 4)[:, ::-1] * x(5, 4), ints(0, 3, -1, 1, 3)], {}),
    # noise (the exported model is for inference)
    ('dropout', lambda m, a: F.dropout(a), [x(2, 3)], {}),
    # recurrent
    ('lstm_3d', lambda m, c, a: F.lstm(c, a), [x(2, 3, 2), x(2, 12, 2) / 10], {}),
    ('slstm', lambda m, c, d, a, e: F.slstm(c, d, a, e), [x(2, 3), x(2, 3) / 2, x(2, 12) / 10,
                                                         x(2, 12)[::-1] / 7], {}),
    ('tree_lstm', lambda m, c, d, a: F.tree_lstm(c, d, a), [x(2, 3), x(2, 3) / 2,
                                                             x(2, 15) / 10], {}),
    ('tree_lstm_4d', lambda m, c, a: F.tree_lstm(c, a), [x(2, 3, 2), x(2, 12, 2) / 10], {}),
    ('lstm', lambda m, c, a: F.lstm(c, a)[1] + F.lstm(c, a)[0], [x(2, 3), x(2, 12) / 10], {}),
]

# The opset a case needs beyond what MINIMUM_OPSET_VERSION gives, by what it uses.
NEEDS = {'Slice10': 10, 'GatherND': 11, 'Scatter': 9, 'ResizeImagesExact': 11,
         'EmbedIDIgnore': 9}


def _opsets(case):
    needs = case[4] if len(case) > 4 else None
    first = NEEDS.get(needs) or minimum_opsets.get(needs, OPSETS[0])
    return [o for o in OPSETS if o >= first]


@pytest.mark.parametrize('case', CASES, ids=[c[0] for c in CASES])
def test_converter(case):
    _, fn, inputs, links = case[:4]
    check_export(Apply(fn, **links), list(inputs), opsets=_opsets(case))


def test_batch_normalization_in_training_uses_the_batch_statistics():
    model = Apply(lambda m, a: m.bn(a), bn=L.BatchNormalization(3))
    check_export(model, [x(4, 3)], train=True)


@pytest.mark.parametrize('stride, pad', [(1, 0), (2, 1)])
def test_upsampling_2d_refuses_what_maxunpool_cannot_express(stride, pad):
    # overlapping windows sum their elements; padding drops them
    model = Apply(lambda m, a: F.upsampling_2d(a, WINDOW_OFFSETS, 2, stride, pad))
    with pytest.raises(RuntimeError, match='upsampling_2d'):
        kusari.onnx.export(model, [x(1, 2, 3, 2)], opset_version=11)


def test_roi_average_align_2d_with_two_sampling_ratios_is_refused():
    model = Apply(lambda m, a, r, i: F.roi_average_align_2d(a, r, i, 2, 1., (1, 2)))
    with pytest.raises(RuntimeError, match='sampling_ratio'):
        kusari.onnx.export(model, [positive(2, 2, 6, 7), ALIGN_ROIS, ALIGN_ROI_INDICES],
                           opset_version=16)


def test_as_strided_reading_what_its_input_does_not_show_is_refused():
    # the input shows every other element of its buffer; the view reads them all
    model = Apply(lambda m, a: F.as_strided(a[:, ::2], (6,), (1,)))
    with pytest.raises(RuntimeError, match='as_strided'):
        kusari.onnx.export(model, [x(2, 3)], opset_version=13)


def test_roi_pooling_2d():
    rois = numpy.array([[0, 1, 1, 3, 3], [0, 0, 0, 2, 1]], numpy.float32)
    model = Apply(lambda m, a, r: F.roi_pooling_2d(a, r, 2, 2, 1.))
    with pytest.warns(UserWarning, match='MaxRoiPool'):
        check_export(model, [positive(1, 2, 5, 5), rois])


@pytest.mark.parametrize('link, n_states', [
    (L.NStepLSTM, 2), (L.NStepGRU, 1), (L.NStepRNNTanh, 1), (L.NStepRNNReLU, 1),
    (L.NStepBiLSTM, 2), (L.NStepBiGRU, 1), (L.NStepBiRNNTanh, 1), (L.NStepBiRNNReLU, 1)])
def test_n_step_rnn_links(link, n_states):
    def states_and_outputs(m, *xs):
        *states, ys = m.rnn(*[None] * n_states, list(xs))
        return tuple(states) + tuple(ys)

    model = Apply(states_and_outputs, rnn=link(2, 3, 4, 0.))
    for i, param in enumerate(model.params()):  # distinct, not too large weights
        param.array[...] = numpy.sin(numpy.arange(param.size) + i).reshape(param.shape) / 2
    check_export(model, [x(5, 3) / 5, x(5, 3) / 7], opsets=[o for o in OPSETS if o >= 7])
