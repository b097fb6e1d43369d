"""Property-based tests: products and linear algebra against NumPy.

Operand shapes are drawn to fit (as NumPy's rules say) or not; matrices to invert or
factor are drawn well conditioned, so float32 results can be compared closely.
"""

import numpy
from hypothesis import given
from hypothesis import strategies as st

import kusari
import kusari.functions as F
from tests.reliability import _fuzz
from tests.reliability._fuzz import LENIENT

pytestmark = _fuzz.IGNORE_REPORT_WARNING

settings = _fuzz.SETTINGS
DTYPES = st.sampled_from([numpy.float32, numpy.float64])


def variables(*arrays):
    return [kusari.Variable(a) for a in arrays]


@st.composite
def product_shapes(draw, max_dims=4):
    """Shapes of a matmul: batch axes that broadcast (or not), inner sizes that agree
    (or not), 1-d operands too."""
    batch = draw(_fuzz.hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2,
                                                          max_side=3))
    n, k, m = (draw(st.integers(0, 3)) for _ in range(3))
    k2 = k if draw(st.integers(0, 4)) else draw(st.integers(0, 3))
    a = batch.input_shapes[0] + (n, k) if draw(st.integers(0, 4)) else (k,)
    b = batch.input_shapes[1] + (k2, m) if draw(st.integers(0, 4)) else (k2,)
    return a, b


@settings
@given(data=st.data())
def test_matmul(data):
    a_shape, b_shape = data.draw(product_shapes())
    dtype = data.draw(DTYPES)
    a, b = (data.draw(_fuzz.arrays(s, dtype)) for s in (a_shape, b_shape))
    transa, transb = data.draw(st.booleans()), data.draw(st.booleans())

    def reference():
        left = numpy.swapaxes(a, -1, -2) if transa and a.ndim >= 2 else a
        right = numpy.swapaxes(b, -1, -2) if transb and b.ndim >= 2 else b
        return numpy.matmul(left.astype(numpy.float64), right)

    av, bv = variables(a, b)
    _fuzz.check_against('matmul', F.matmul, (av, bv), {'transa': transa, 'transb': transb},
                        reference, dtype=dtype, inputs=[av, bv],
                        label=LENIENT if min(a.ndim, b.ndim) == 1 and (transa or transb)
                        else None)


@settings
@given(data=st.data())
def test_batch_matmul(data):
    dtype = data.draw(DTYPES)
    batch, n, k, m = (data.draw(st.integers(0, 3)) for _ in range(4))
    k2 = k if data.draw(st.integers(0, 3)) else data.draw(st.integers(0, 3))
    a = data.draw(_fuzz.arrays((batch, n, k), dtype))
    b = data.draw(_fuzz.arrays((batch, k2, m), dtype))
    av, bv = variables(a, b)
    _fuzz.check_against('batch_matmul', F.batch_matmul, (av, bv), {},
                        lambda: numpy.matmul(a.astype(numpy.float64), b), dtype=dtype,
                        inputs=[av, bv])


@settings
@given(data=st.data())
def test_tensordot(data):
    dtype = data.draw(DTYPES)
    a = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(max_dims=3, max_side=3)), dtype))
    shared = a.shape[a.ndim - data.draw(st.integers(0, a.ndim)):]
    b_shape = shared + data.draw(_fuzz.shapes(max_dims=2, max_side=3))
    if not data.draw(st.integers(0, 3)):
        b_shape = data.draw(_fuzz.shapes(max_dims=3, max_side=3))
    b = data.draw(_fuzz.arrays(b_shape, dtype))
    axes = data.draw(st.one_of(st.integers(0, 3),
                               st.tuples(st.lists(st.integers(-3, 2), max_size=2),
                                         st.lists(st.integers(-3, 2), max_size=2))))
    av, bv = variables(a, b)
    # NumPy reads a negative axis count as 0 and repeated axes as... something;
    # Chainer refuses both.
    lenient = isinstance(axes, tuple) and any(len(set(s)) < len(s) for s in axes)
    _fuzz.check_against('tensordot', F.tensordot, (av, bv), {'axes': axes},
                        lambda: numpy.tensordot(a.astype(numpy.float64), b, axes),
                        dtype=dtype, inputs=[av, bv], label=LENIENT if lenient else None)


@settings
@given(data=st.data())
def test_einsum(data):
    dtype = data.draw(DTYPES)
    letters = 'ijk'
    a_sub = ''.join(data.draw(st.lists(st.sampled_from(letters), max_size=3)))
    b_sub = ''.join(data.draw(st.lists(st.sampled_from(letters), max_size=3)))
    sizes = {c: data.draw(st.integers(1, 3)) for c in letters}
    a_shape = tuple(sizes[c] for c in a_sub)
    b_shape = tuple(sizes[c] for c in b_sub)
    if not data.draw(st.integers(0, 3)):
        b_shape = data.draw(_fuzz.shapes(max_dims=3, max_side=3))
    out = ''.join(data.draw(st.lists(st.sampled_from(letters), max_size=2, unique=True)))
    subscripts = '{},{}->{}'.format(a_sub, b_sub, out)
    a, b = data.draw(_fuzz.arrays(a_shape, dtype)), data.draw(_fuzz.arrays(b_shape, dtype))
    av, bv = variables(a, b)
    _fuzz.check_against('einsum', F.einsum, (subscripts, av, bv), {},
                        lambda: numpy.einsum(subscripts, a.astype(numpy.float64), b),
                        dtype=dtype, inputs=[av, bv])


@settings
@given(data=st.data())
def test_linear(data):
    dtype = data.draw(DTYPES)
    batch_axes = data.draw(st.integers(1, 2))
    x_shape = data.draw(_fuzz.shapes(min_dims=batch_axes, max_dims=4, max_side=3))
    features = int(numpy.prod(x_shape[batch_axes:], dtype=numpy.int64))
    in_size = features if data.draw(st.integers(0, 4)) else data.draw(st.integers(0, 4))
    out_size = data.draw(st.integers(0, 3))
    x = data.draw(_fuzz.arrays(x_shape, dtype))
    W = data.draw(_fuzz.arrays((out_size, in_size), dtype))
    b = data.draw(_fuzz.arrays((out_size if data.draw(st.integers(0, 4)) else 7,), dtype))

    def reference():
        if b.shape != (out_size,):
            raise ValueError('b does not fit W')
        if batch_axes == 1 and len(x_shape) == 1:
            raise ValueError('a 1-d x has no feature axis (Chainer refuses it too)')
        flat = x.reshape(x_shape[:batch_axes] + (features,))
        return numpy.matmul(flat.astype(numpy.float64), W.T) + b

    xv, Wv, bv = variables(x, W, b)
    # An empty batch leaves the feature count to interpretation (Chainer's
    # reshape(len(x), -1) cannot tell): kusari may take W's.
    ambiguous = x.size == 0 and features != in_size
    _fuzz.check_against('linear', F.linear, (xv, Wv, bv), {'n_batch_axes': batch_axes},
                        reference, dtype=dtype, inputs=[xv, Wv, bv],
                        label=_fuzz.UNCHECKED if ambiguous else None)


@settings
@given(data=st.data())
def test_bilinear(data):
    dtype = data.draw(DTYPES)
    i, j, k, m = (data.draw(st.integers(1, 3)) for _ in range(4))
    e1 = data.draw(_fuzz.arrays((i, j), dtype))
    e2 = data.draw(_fuzz.arrays((i, k if data.draw(st.integers(0, 3)) else k + 1), dtype))
    W = data.draw(_fuzz.arrays((j, k, m), dtype))

    def reference():
        if e2.shape[1] != W.shape[1]:  # (einsum would broadcast a size-1 axis)
            raise ValueError('e2 does not fit W')
        return numpy.einsum('ij,ik,jkl->il', e1.astype(numpy.float64), e2, W)

    vs = variables(e1, e2, W)
    _fuzz.check_against('bilinear', F.bilinear, vs, {}, reference, dtype=dtype, inputs=vs)


@st.composite
def square_matrices(draw, batched, positive_definite=False):
    dtype = draw(DTYPES)
    n = draw(st.integers(1, 4))
    lead = (draw(st.integers(1, 3)),) if batched else ()
    a = draw(_fuzz.arrays(lead + (n, n), dtype, -0.5, 0.5))
    if positive_definite:
        a = (numpy.matmul(a, numpy.swapaxes(a, -1, -2)) + n * numpy.eye(n)).astype(dtype)
    else:
        a = (a + 2 * numpy.eye(n)).astype(dtype)  # well conditioned
    if not draw(st.integers(0, 4)):  # not square, or not batched as asked
        a = draw(_fuzz.arrays(draw(_fuzz.shapes(max_dims=4, max_side=3)), dtype))
    return a


@settings
@given(data=st.data(), which=st.sampled_from(['det', 'inv', 'cholesky', 'batch_det',
                                              'batch_inv']))
def test_square_matrix_functions(data, which):
    batched = which.startswith('batch')
    a = data.draw(square_matrices(batched, positive_definite=which == 'cholesky'))
    references = {'det': numpy.linalg.det, 'batch_det': numpy.linalg.det,
                  'inv': numpy.linalg.inv, 'batch_inv': numpy.linalg.inv,
                  'cholesky': numpy.linalg.cholesky}

    def reference():
        ndim = 3 if batched else 2
        if a.ndim != ndim or a.shape[-1] != a.shape[-2]:
            raise ValueError('not {} square matrices'.format('a batch of' if batched else ''))
        return references[which](a.astype(numpy.float64))

    av, = variables(a)
    _fuzz.check_against(which, getattr(F, which), (av,), {}, reference, dtype=a.dtype,
                        inputs=[av])


@settings
@given(data=st.data(), which=st.sampled_from(['bias', 'scale']))
def test_bias_and_scale(data, which):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(min_dims=1, max_side=3)), dtype))
    axis = data.draw(st.integers(0, x.ndim))
    start = min(max(axis, 0), x.ndim)
    y_shape = x.shape[start:start + data.draw(st.integers(0, x.ndim - start))]
    if not data.draw(st.integers(0, 4)):
        y_shape = data.draw(_fuzz.shapes(max_dims=2, max_side=3))
    y = data.draw(_fuzz.arrays(y_shape, dtype))

    def reference():
        if not 0 <= axis <= x.ndim - y.ndim or x.shape[axis:axis + y.ndim] != y.shape:
            raise ValueError('y does not fit x at axis')
        shaped = y.reshape(y.shape + (1,) * (x.ndim - axis - y.ndim))
        x64 = x.astype(numpy.float64)
        return x64 + shaped if which == 'bias' else x64 * shaped

    xv, yv = variables(x, y)
    _fuzz.check_against(which, getattr(F, which), (xv, yv), {'axis': axis}, reference,
                        dtype=dtype, inputs=[xv, yv])


@settings
@given(data=st.data(), which=st.sampled_from(['fft', 'ifft']))
def test_fft(data, which):
    dtype = data.draw(DTYPES)
    shape = data.draw(_fuzz.shapes(min_dims=1, max_side=4))
    real = data.draw(_fuzz.arrays(shape, dtype))
    imag_shape = shape if data.draw(st.integers(0, 4)) else data.draw(_fuzz.shapes())
    imag = data.draw(_fuzz.arrays(imag_shape, dtype))

    def reference():
        if real.shape != imag.shape or real.shape[-1] == 0:
            raise ValueError('parts differ, or nothing to transform')
        z = getattr(numpy.fft, which)(real + 1j * imag.astype(numpy.float64), axis=-1)
        return z.real, z.imag

    vs = variables(real, imag)
    _fuzz.check_against(which, getattr(F, which), (tuple(vs),), {}, reference, dtype=dtype,
                        inputs=vs)
