"""The activation family on a GPU (CuPy)."""

import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function

rng = numpy.random.default_rng(51)


def signed(*shape):
    return rng.uniform(0.1, 1, shape) * rng.choice([-1, 1], shape)


def sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def lstm_reference(c, x):
    r = x.reshape(len(x), -1, 4)
    a, i, f, o = (r[:, :, k] for k in range(4))
    c_new = numpy.tanh(a) * sigmoid(i) + sigmoid(f) * c
    return c_new, sigmoid(o) * numpy.tanh(c_new)


CASES = [
    ('relu', F.relu, (signed(3, 4),), lambda x: numpy.maximum(x, 0)),
    ('leaky_relu', F.leaky_relu, (signed(3, 4),), lambda x: numpy.where(x >= 0, x, 0.2 * x)),
    ('elu', F.elu, (signed(3, 4),), lambda x: numpy.where(x > 0, x, numpy.expm1(x))),
    ('softplus', F.softplus, (signed(3, 4),), lambda x: numpy.logaddexp(0, x)),
    ('sigmoid', F.sigmoid, (signed(3, 4),), sigmoid),
    ('tanh', F.tanh, (signed(3, 4),), numpy.tanh),
    ('softmax', F.softmax, (signed(3, 4),),
     lambda x: numpy.exp(x) / numpy.exp(x).sum(axis=1, keepdims=True)),
    ('crelu', F.crelu, (signed(2, 3),),
     lambda x: numpy.concatenate((numpy.maximum(x, 0), numpy.maximum(-x, 0)), axis=1)),
    ('prelu', F.prelu, (signed(2, 3), rng.uniform(0.1, 0.3, 3)),
     lambda x, w: numpy.where(x >= 0, x, x * w)),
    ('swish', F.swish, (signed(2, 3), rng.uniform(0.5, 1, 3)), lambda x, b: x * sigmoid(b * x)),
    ('maxout', lambda x: F.maxout(x, 2), (rng.permutation(12).reshape(2, 6) * 0.1,),
     lambda x: x.reshape(2, 3, 2).max(axis=2)),
    ('lstm', F.lstm, (signed(2, 3), signed(2, 12)), lstm_reference),
]


@attr.gpu
@pytest.mark.parametrize('name, function, inputs, reference', CASES, ids=[c[0] for c in CASES])
def test_on_gpu(name, function, inputs, reference):
    def cast_reference(*xs):
        ys = reference(*xs)
        ys = ys if isinstance(ys, tuple) else (ys,)
        return tuple(numpy.asarray(y).astype(xs[0].dtype) for y in ys)
    check_function(function, inputs, cast_reference, device='@cupy:0',
                   dtypes=(numpy.float32, numpy.float64))


@attr.gpu
def test_rrelu_on_gpu():
    import cupy
    y, r = F.rrelu(cupy.full((50, 10), -1, cupy.float32), return_r=True)
    assert isinstance(r, cupy.ndarray) and 1 / 8 <= float(r.min()) and float(r.max()) < 1 / 3
    cupy.testing.assert_allclose(y.array, -r)
