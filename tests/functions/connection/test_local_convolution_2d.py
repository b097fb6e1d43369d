import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(5)


def reference(x, W, b=None, stride=(1, 1)):
    out_c, out_h, out_w, _, kh, kw = W.shape
    y = numpy.zeros((x.shape[0], out_c, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            patch = x[:, :, i * stride[0]:i * stride[0] + kh, j * stride[1]:j * stride[1] + kw]
            y[:, :, i, j] = numpy.tensordot(patch, W[:, i, j], ((1, 2, 3), (1, 2, 3)))
    if b is not None:
        y += b
    return y.astype(x.dtype)


@pytest.mark.parametrize('stride', [1, (2, 1)])
@pytest.mark.parametrize('nobias', [False, True])
def test_local_convolution_2d(stride, nobias):
    s = (stride, stride) if isinstance(stride, int) else stride
    out_h, out_w = (5 - 3) // s[0] + 1, (4 - 2) // s[1] + 1
    inputs = (rng.uniform(-1, 1, (2, 3, 5, 4)), rng.uniform(-1, 1, (2, out_h, out_w, 3, 3, 2)))
    if not nobias:
        inputs += (rng.uniform(-1, 1, (2, out_h, out_w)),)
    check_function(lambda x, W, b=None: F.local_convolution_2d(x, W, b, stride), inputs,
                   lambda x, W, b=None: reference(x, W, b, s),
                   forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


@pytest.mark.parametrize('W, b, match', [
    (numpy.zeros((2, 2, 3, 3, 3, 2), 'f'), None, 'invalid W'),
    (numpy.zeros((2, 3, 3, 2, 3, 2), 'f'), None, 'invalid shapes of x and W'),
    (numpy.zeros((2, 3, 3, 3, 3, 2), 'f'), numpy.zeros((2, 3), 'f'), 'invalid b'),
])
def test_invalid_inputs(W, b, match):
    with pytest.raises(InvalidType, match='local_convolution_2d: ' + match):
        F.local_convolution_2d(numpy.zeros((1, 3, 5, 4), 'f'), W, b)


def test_node_is_chainers_class():
    from kusari.functions.connection.local_convolution_2d import LocalConvolution2DFunction
    x, W = rng.uniform(-1, 1, (1, 2, 3, 3)), rng.uniform(-1, 1, (2, 2, 2, 2, 2, 2))
    y = LocalConvolution2DFunction(1).apply((x, W))[0]
    numpy.testing.assert_allclose(y.array, reference(x, W))
