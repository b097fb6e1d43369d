"""The graph as Chainer records it: each function's output has as creator a node of
Chainer's class name, with the attributes Chainer's node has, which code reading the
graph (onnx_chainer's converters, function hooks, graph walkers) uses."""

import numpy as np
import pytest

import kusari.functions as F
from kusari import Variable


def _x(*shape):
    return Variable(np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 10)


ROIS4 = np.array([[0, 0, 4, 5], [1, 2, 5, 5]], np.float32)  # (y_min, x_min, y_max, x_max)
ROI_INDICES = np.zeros(2, np.int32)
ROIS5 = np.array([[0, 0, 0, 5, 4], [0, 2, 1, 5, 5]], np.float32)  # (n, x_min, y_min, ...)

CASES = [
    # (id, call returning the output variable, creator's class name, its attributes)
    ('convolution_2d', lambda: F.convolution_2d(_x(1, 2, 5, 5), _x(3, 2, 3, 3), stride=(1, 2),
                                                pad=(2, 1), dilate=(1, 2)),
     'Convolution2DFunction', dict(sy=1, sx=2, ph=2, pw=1, dy=1, dx=2, groups=1,
                                   cover_all=False)),
    ('deconvolution_2d', lambda: F.deconvolution_2d(_x(1, 2, 4, 4), _x(2, 3, 3, 3), stride=2,
                                                    pad=1),
     'Deconvolution2DFunction', dict(sy=2, sx=2, ph=1, pw=1, dy=1, dx=1, outh=7, outw=7,
                                     groups=1)),
    ('deconvolution_2d_outsize', lambda: F.deconvolution_2d(
        _x(1, 2, 4, 4), _x(2, 3, 3, 3), stride=2, pad=1, outsize=(8, 7)),
     'Deconvolution2DFunction', dict(outh=8, outw=7)),
    ('convolution_nd', lambda: F.convolution_nd(_x(1, 2, 4, 4, 4), _x(3, 2, 2, 2, 2), pad=1),
     'ConvolutionND', dict(ndim=3, stride=(1, 1, 1), pad=(1, 1, 1), dilate=(1, 1, 1),
                           groups=1, cover_all=False)),
    ('deconvolution_nd', lambda: F.deconvolution_nd(_x(1, 2, 3, 3, 3), _x(2, 3, 2, 2, 2),
                                                    stride=2),
     'DeconvolutionND', dict(ndim=3, stride=(2, 2, 2), pad=(0, 0, 0), outs=(6, 6, 6),
                             groups=1)),
    ('local_convolution_2d', lambda: F.local_convolution_2d(_x(1, 2, 5, 5), _x(3, 2, 3, 2, 3, 3),
                                                            stride=(2, 1)),
     'LocalConvolution2DFunction', dict(sy=2, sx=1)),
    ('prelu', lambda: F.prelu(_x(2, 3), _x(3)), 'PReLUFunction', {}),
    ('pad_constant', lambda: F.pad(_x(2, 3), ((1, 2), (0, 1)), 'constant', constant_values=2),
     'Pad', dict(mode='constant', pad_width=((1, 2), (0, 1)),
                 keywords={'constant_values': 2}, pad_bw=np.array([[1, 2], [0, 1]]))),
    ('pad_edge', lambda: F.pad(_x(2, 3), 1, 'edge'),
     'Pad', dict(mode='edge', pad_width=1, keywords={}, pad_bw=np.array([[1, 1], [1, 1]]))),
    ('average_pooling_2d', lambda: F.average_pooling_2d(_x(1, 2, 6, 6), 3, 2, 1),
     'AveragePooling2D', dict(kh=3, kw=3, sy=2, sx=2, ph=1, pw=1, cover_all=False)),
    ('average_pooling_nd', lambda: F.average_pooling_nd(_x(1, 2, 4, 4, 4), 2, pad_value=None),
     'AveragePoolingND', dict(ndim=3, ksize=(2, 2, 2), stride=(2, 2, 2), pad=(0, 0, 0),
                              cover_all=False, pad_value=None)),
    ('max_pooling_2d', lambda: F.max_pooling_2d(_x(1, 2, 5, 5), (3, 2), 2, 1),
     'MaxPoolingND', dict(ndim=2, ksize=(3, 2), stride=(2, 2), pad=(1, 1), cover_all=True)),
    ('max_pooling_nd', lambda: F.max_pooling_nd(_x(1, 2, 4, 4, 4), 2, cover_all=False),
     'MaxPoolingND', dict(ndim=3, ksize=(2, 2, 2), stride=(2, 2, 2), pad=(0, 0, 0),
                          cover_all=False)),
    ('unpooling_2d', lambda: F.unpooling_2d(_x(1, 2, 3, 3), 2, cover_all=False),
     'Unpooling2D', dict(kh=2, kw=2, sy=2, sx=2, ph=0, pw=0, outh=6, outw=6, cover_all=False)),
    ('unpooling_nd', lambda: F.unpooling_nd(_x(1, 2, 2, 2, 2), 2, outsize=(3, 4, 4)),
     'UnpoolingND', dict(ndim=3, ksize=(2, 2, 2), outs=(3, 4, 4), cover_all=True)),
    ('upsampling_2d', lambda: F.upsampling_2d(_x(1, 1, 2, 2), np.array([[[[0, 1], [2, 3]]]]),
                                              2, cover_all=False),
     'Upsampling2D', dict(kh=2, sy=2, ph=0, outh=4, outw=4, cover_all=False,
                          indexes=np.array([[[[0, 1], [2, 3]]]]))),
    ('batch_normalization', lambda: F.batch_normalization(_x(4, 3, 2), _x(3), _x(3)),
     'BatchNormalization', dict(axis=(0, 2), eps=2e-5, decay=0.9)),
    ('batch_normalization_axis', lambda: F.batch_normalization(
        _x(4, 3, 2), _x(4), _x(4), axis=(1, 2), eps=1e-3, decay=0.5),
     'BatchNormalization', dict(axis=(1, 2), eps=1e-3, decay=0.5)),
    ('fixed_batch_normalization', lambda: F.fixed_batch_normalization(
        _x(4, 3), _x(3), _x(3), _x(3), _x(3) + 1, eps=1e-3),
     'FixedBatchNormalization', dict(axis=(0,), eps=1e-3)),
    ('group_normalization', lambda: F.group_normalization(_x(2, 4, 3), 2, _x(4), _x(4)),
     'GroupNormalization', dict(groups=2, eps=1e-5)),
    ('layer_normalization', lambda: F.layer_normalization(_x(2, 4), _x(4), _x(4), eps=1e-3),
     'LayerNormalization', dict(eps=1e-3)),
    ('local_response_normalization', lambda: F.local_response_normalization(
        _x(1, 6, 2), 3, 1, 1e-3, 0.5),
     'LocalResponseNormalization', dict(n=3, k=1, alpha=1e-3, beta=0.5)),
    ('argmax', lambda: F.argmax(_x(2, 3), axis=1), 'ArgMax', dict(axis=1)),
    ('argmin', lambda: F.argmin(_x(2, 3)), 'ArgMin', dict(axis=None)),
    ('rsqrt', lambda: F.rsqrt(_x(2, 3) + 1), 'DivFromConstant', dict(value=1.0)),
    ('log1p', lambda: F.log1p(_x(2, 3)), 'Log1p', {}),
    ('broadcast_to', lambda: F.broadcast_to(_x(1, 3), (2, 3)), 'BroadcastTo',
     dict(_shape=(2, 3))),
    ('diagonal', lambda: F.diagonal(_x(2, 3, 4), -1, 2, 1), 'Diagonal',
     dict(offset=-1, axis1=2, axis2=1)),
    ('cast', lambda: F.cast(_x(2, 3), np.float64), 'Cast', dict(type=np.float64)),
    ('clipped_relu', lambda: F.clipped_relu(_x(2, 3), 0.4), 'ClippedReLU', dict(cap=0.4)),
    ('dropout', lambda: F.dropout(_x(2, 3), 0.25), 'Dropout', dict(dropout_ratio=0.25)),
    ('repeat', lambda: F.repeat(_x(2, 3), 2, axis=1), 'Repeat', dict(repeats=(2,), axis=1)),
    ('resize_images', lambda: F.resize_images(_x(1, 1, 3, 4), (5, 6)), 'ResizeImages',
     dict(out_H=5, out_W=6, mode='bilinear', align_corners=True)),
    ('split_axis_indices', lambda: F.split_axis(_x(2, 6), [2, 5], 1)[0], 'SplitAxis',
     dict(indices=[2, 5], sections=None, axis=1)),
    ('split_axis_sections', lambda: F.split_axis(_x(2, 6), 3, 1)[0], 'SplitAxis',
     dict(indices=None, sections=3, axis=1)),
    ('roi_pooling_2d', lambda: F.roi_pooling_2d(_x(1, 2, 6, 6), ROIS5, 2, 3, 0.5),
     'ROIPooling2D', dict(outh=2, outw=3, spatial_scale=0.5)),
    ('roi_max_pooling_2d', lambda: F.roi_max_pooling_2d(_x(1, 2, 6, 6), ROIS4, ROI_INDICES,
                                                        (2, 3), 0.5),
     'ROIMaxPooling2D', dict(outh=2, outw=3, spatial_scale=0.5)),
    ('roi_average_pooling_2d', lambda: F.roi_average_pooling_2d(_x(1, 2, 6, 6), ROIS4,
                                                                ROI_INDICES, 2, 1.0),
     'ROIAveragePooling2D', dict(outh=2, outw=2, spatial_scale=1.0)),
    ('roi_max_align_2d', lambda: F.roi_max_align_2d(_x(1, 2, 6, 6), ROIS4, ROI_INDICES, 2,
                                                    1.0, 2),
     'ROIMaxAlign2D', dict(outh=2, outw=2, spatial_scale=1.0, sampling_ratio=(2, 2))),
    ('roi_average_align_2d', lambda: F.roi_average_align_2d(_x(1, 2, 6, 6), ROIS4,
                                                            ROI_INDICES, (3, 2), 1.0),
     'ROIAverageAlign2D', dict(outh=3, outw=2, spatial_scale=1.0,
                               sampling_ratio=(None, None))),
    ('r2_score', lambda: F.r2_score(_x(4, 2), _x(4, 2) * 2), 'R2_score',
     dict(multioutput='uniform_average')),
]


@pytest.mark.parametrize('call, name, attributes', [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_creator_is_chainers_node(call, name, attributes):
    node = call().creator
    assert type(node).__name__ == name
    for attribute, expected in attributes.items():
        value = getattr(node, attribute)
        if isinstance(expected, np.ndarray):
            np.testing.assert_array_equal(value, expected, err_msg=attribute)
        else:
            assert value == expected, attribute


def test_rsqrt_on_the_cpu_records_one_over_sqrt():
    node = F.rsqrt(_x(2, 3) + 1).creator
    assert type(node.inputs[0].creator).__name__ == 'Sqrt'


def test_inputs_stay_on_the_graph():
    # graph readers find a node's inputs, and the data of those it retained, after apply
    x = _x(4, 3)
    node = F.batch_normalization(x, _x(3), _x(3)).creator
    assert [input_node.shape for input_node in node.inputs] == [(4, 3), (3,), (3,)]
    np.testing.assert_array_equal(node.inputs[0].data, x.array)
    node = F.repeat(x, 2, axis=0).creator
    np.testing.assert_array_equal(node.inputs[0].data, x.array)
