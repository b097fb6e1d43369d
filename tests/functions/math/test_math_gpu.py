"""The math family on a GPU (CuPy): the same checks as on the CPU, for every function."""

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function

rng = numpy.random.default_rng(50)


def u(low, high, *shape):
    return rng.uniform(low, high, shape)


def special(name):
    def reference(*xs):
        from scipy import special as sp
        return getattr(sp, name)(*xs).astype(xs[-1].dtype)
    return reference


CASES = [
    ('sin', F.sin, (u(-3, 3, 3, 4),), numpy.sin),
    ('arctan2', F.arctan2, (u(-1, 1, 3, 4), u(0.5, 1, 4)), numpy.arctan2),
    ('cosh', F.cosh, (u(-2, 2, 5),), numpy.cosh),
    ('log1p', F.log1p, (u(-0.5, 2, 5),), numpy.log1p),
    ('rsqrt', F.rsqrt, (u(0.5, 2, 5),), lambda x: 1 / numpy.sqrt(x)),
    ('erfcx', F.erfcx, (u(-2, 2, 5),), special('erfcx')),
    ('erfinv', F.erfinv, (u(-0.9, 0.9, 5),), special('erfinv')),
    ('lgamma', F.lgamma, (u(0.5, 3, 5),), special('gammaln')),
    ('log_ndtr', F.log_ndtr, (u(-5, 3, 5),), special('log_ndtr')),
    ('ndtri', F.ndtri, (u(0.1, 0.9, 5),), special('ndtri')),
    ('polygamma', F.polygamma, (numpy.array([0, 1, 2], numpy.int32), u(0.5, 2, 3)),
     special('polygamma')),
    ('max', lambda x: F.max(x, axis=1), (rng.permutation(12).reshape(3, 4) * 0.1,),
     lambda x: x.max(axis=1)),
    ('maximum', F.maximum, (rng.integers(-5, 5, (3, 4)) * 0.1,
                            rng.integers(-5, 5, (3, 4)) * 0.1 + 0.05), numpy.maximum),
    ('clip', lambda x: F.clip(x, -0.5, 0.5), (rng.integers(-9, 9, (3, 4)) * 0.1 + 0.05,),
     lambda x: numpy.clip(x, -0.5, 0.5)),
    ('fmod', F.fmod, ((rng.integers(-3, 3, (6,)) + 0.5) * 0.8, numpy.full(6, 0.8)), numpy.fmod),
    ('cumprod', lambda x: F.cumprod(x, axis=1), (u(0.5, 1.5, 2, 4),),
     lambda x: numpy.cumprod(x, axis=1)),
    ('cumsum', lambda x: F.cumsum(x, axis=0), (u(-1, 1, 3, 2),), lambda x: numpy.cumsum(x, 0)),
    ('prod', lambda x: F.prod(x, axis=(0, 2)), (u(0.5, 1.5, 2, 3, 2),),
     lambda x: numpy.prod(x, axis=(0, 2))),
    ('logsumexp', lambda x: F.logsumexp(x, axis=1), (u(-2, 2, 3, 4),),
     lambda x: numpy.log(numpy.exp(x).sum(axis=1))),
    ('batch_inv', F.batch_inv, (u(-0.3, 0.3, 2, 3, 3) + 2 * numpy.eye(3),),
     numpy.linalg.inv),
    ('batch_det', F.batch_det, (u(-0.3, 0.3, 2, 3, 3) + 2 * numpy.eye(3),), numpy.linalg.det),
    ('tensordot', lambda a, b: F.tensordot(a, b, 1), (u(-1, 1, 2, 3), u(-1, 1, 3, 4)),
     lambda a, b: numpy.tensordot(a, b, 1)),
    ('einsum', lambda a, b: F.einsum('iij,jk->ik', a, b), (u(-1, 1, 3, 3, 2), u(-1, 1, 2, 4)),
     lambda a, b: numpy.einsum('iij,jk->ik', a, b)),
    ('fft', lambda r, i: F.fft((r, i)), (u(-1, 1, 2, 4), u(-1, 1, 2, 4)),
     lambda r, i: tuple(getattr(numpy.fft.fft(r + 1j * i), p).astype(r.dtype)
                        for p in ('real', 'imag'))),
    ('matmul', F.matmul, (u(-1, 1, 2, 3), u(-1, 1, 3, 4)), numpy.matmul),
    ('pow', lambda a, b: kusari.as_variable(a) ** b, (u(0.5, 2, 3), u(0.5, 2, 3)), numpy.power),
    ('squared_difference', F.squared_difference, (u(-1, 1, 3), u(-1, 1, 3)),
     lambda a, b: (a - b) ** 2),
    ('linear_interpolate', F.linear_interpolate, (u(0, 1, 3), u(-1, 1, 3), u(-1, 1, 3)),
     lambda p, x, y: p * x + (1 - p) * y),
]


@attr.gpu
@pytest.mark.parametrize('name, function, inputs, reference', CASES, ids=[c[0] for c in CASES])
def test_on_gpu(name, function, inputs, reference):
    check_function(function, inputs, reference, device='@cupy:0',
                   dtypes=(numpy.float32, numpy.float64))


@attr.gpu
def test_sparse_matmul_on_gpu():
    import cupy

    from kusari.utils.sparse import to_coo
    dense = rng.uniform(-1, 1, (3, 4)) * (rng.uniform(0, 1, (3, 4)) < 0.5)
    coo = to_coo(cupy.asarray(dense), requires_grad=True)
    b = cupy.asarray(rng.uniform(-1, 1, (4, 2)))
    y = F.sparse_matmul(coo, b)
    cupy.testing.assert_allclose(y.array, cupy.asarray(dense) @ b)
    y.grad = cupy.ones_like(y.array)
    y.backward()
    assert isinstance(coo.data.grad, cupy.ndarray)
