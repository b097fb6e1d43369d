"""The graph as Chainer records it: each function's output has as creator a node of
Chainer's class name, with the attributes Chainer's node has, which code reading the
graph (onnx_chainer's converters, function hooks, graph walkers) uses."""

import numpy as np
import pytest

import kusari.functions as F
from kusari import Variable


def _x(*shape):
    return Variable(np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 10)


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
    ('prelu', lambda: F.prelu(_x(2, 3), _x(3)), 'PReLUFunction', {}),
    ('pad_constant', lambda: F.pad(_x(2, 3), ((1, 2), (0, 1)), 'constant', constant_values=2),
     'Pad', dict(mode='constant', pad_width=((1, 2), (0, 1)),
                 keywords={'constant_values': 2}, pad_bw=np.array([[1, 2], [0, 1]]))),
    ('pad_edge', lambda: F.pad(_x(2, 3), 1, 'edge'),
     'Pad', dict(mode='edge', pad_width=1, keywords={}, pad_bw=np.array([[1, 1], [1, 1]]))),
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
