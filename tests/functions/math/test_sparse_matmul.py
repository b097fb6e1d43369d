import numpy
import pytest

import kusari.functions as F
from kusari import core
from kusari.testing import check_function
from kusari.utils.sparse import CooMatrix, to_coo
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(21)
HALF = {numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}}


def sparse_matrix(*shape, density=0.4):
    """A dense array with about ``density`` nonzeros, and its COO pattern."""
    dense = rng.uniform(-1, 1, shape) * (rng.uniform(0, 1, shape) < density)
    return dense, to_coo(dense, ldnz=int(dense[0].size if dense.ndim == 3 else dense.size))


def with_data(pattern, data):
    """``pattern`` with its entries replaced by the Variable (or array) ``data``."""
    coo = CooMatrix(pattern.data.array, pattern.row, pattern.col, pattern.shape)
    coo.data = core.as_variable(data)
    return coo


def swap(x, trans):
    return x.swapaxes(-1, -2) if trans else x


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
@pytest.mark.parametrize('batch', [(), (2,)])
@pytest.mark.parametrize('sparse_first', [True, False])
def test_sparse_matmul(transa, transb, batch, sparse_first):
    a_shape = batch + ((4, 3) if transa else (3, 4))
    b_shape = batch + ((2, 4) if transb else (4, 2))
    if sparse_first:
        _, pattern = sparse_matrix(*a_shape)
        b = rng.uniform(-1, 1, b_shape)
        inputs = (pattern.data.array, b)

        def function(data, b):
            return F.sparse_matmul(with_data(pattern, data), b, transa, transb)

        def reference(data, b):
            a = with_data(pattern, data).to_dense()
            return numpy.matmul(swap(a, transa), swap(b, transb))
    else:
        _, pattern = sparse_matrix(*b_shape)
        a = rng.uniform(-1, 1, a_shape)
        inputs = (a, pattern.data.array)

        def function(a, data):
            return F.sparse_matmul(a, with_data(pattern, data), transa, transb)

        def reference(a, data):
            b = with_data(pattern, data).to_dense()
            return numpy.matmul(swap(a, transa), swap(b, transb))
    check_function(function, inputs, reference, forward_options=HALF, backward_options=HALF,
                   double_backward_options=HALF)


def test_matches_dense_product_with_padding_entries():
    dense, _ = sparse_matrix(3, 5)
    padded = to_coo(dense, ldnz=20)
    assert padded.data.shape == (20,) and (padded.row[-1], padded.col[-1]) == (-1, -1)
    b = rng.uniform(-1, 1, (5, 2))
    numpy.testing.assert_allclose(F.sparse_matmul(padded, b).array, dense @ b)


def test_gradient_of_sparse_entries_only_at_the_pattern():
    dense, _ = sparse_matrix(3, 4)
    coo = to_coo(dense, requires_grad=True)
    b = rng.uniform(-1, 1, (4, 2))
    gy = rng.uniform(-1, 1, (3, 2))
    y = F.sparse_matmul(coo, b)
    y.grad = gy
    y.backward()
    expected = (gy @ b.T)[coo.row, coo.col]
    numpy.testing.assert_allclose(coo.data.grad, expected)


@pytest.mark.parametrize('both_dense', [True, False])
def test_rejects_operands_not_one_sparse_and_one_dense(both_dense):
    operand = numpy.ones((2, 2)) if both_dense else sparse_matrix(2, 2)[1]
    with pytest.raises(ValueError, match='sparse_matmul: expected one CooMatrix'):
        F.sparse_matmul(operand, operand)


def test_rejects_mismatched_inner_dimension():
    _, coo = sparse_matrix(3, 4)
    with pytest.raises(InvalidType, match='sparse_matmul: invalid shapes'):
        F.sparse_matmul(coo, numpy.ones((3, 2)))


def test_rejects_unbatched_dense_for_batched_sparse():
    _, coo = sparse_matrix(2, 3, 4)
    with pytest.raises(InvalidType, match='sparse_matmul: invalid dn'):
        F.sparse_matmul(coo, numpy.ones((4, 2)))


@pytest.mark.parametrize('transa', [False, True])
@pytest.mark.parametrize('transb', [False, True])
@pytest.mark.parametrize('transc', [False, True])
@pytest.mark.parametrize('batch', [(), (2,)])
def test_coo_matmul_node_transposes(transa, transb, transc, batch):
    # F.math.sparse_matmul.CooMatMul, reached as Chainer programs reach it
    a_shape = batch + ((4, 3) if transa else (3, 4))
    b_shape = batch + ((2, 4) if transb else (4, 2))
    _, pattern = sparse_matrix(*a_shape)
    node = F.math.sparse_matmul.CooMatMul
    check_function(
        lambda data, b: node(pattern.row, pattern.col, pattern.shape, pattern.order,
                             transa=transa, transb=transb, transc=transc).apply((data, b))[0],
        (pattern.data.array, rng.uniform(-1, 1, b_shape)),
        lambda data, b: swap(numpy.matmul(swap(with_data(pattern, data).to_dense(), transa),
                                          swap(b, transb)), transc),
        forward_options=HALF, backward_options=HALF, double_backward_options=HALF)


@pytest.mark.parametrize('other_dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('sparse_first', [True, False])
def test_mixed_dtypes_promote(other_dtype, sparse_first):
    # The result has NumPy's promoted dtype and each gradient its input's dtype.
    _, pattern = sparse_matrix(3, 4)
    dense = rng.uniform(-1, 1, (4, 2) if sparse_first else (2, 3)).astype(other_dtype)

    def product(data, dense):
        coo = with_data(pattern, data)
        return F.sparse_matmul(coo, dense) if sparse_first else F.sparse_matmul(dense, coo)

    def reference(data, dense):
        a = with_data(pattern, data).to_dense()
        y = a @ dense if sparse_first else dense @ a
        return y.astype(numpy.result_type(data, dense))

    options = {numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}}
    if other_dtype == numpy.float16:
        options = {dtype: {'atol': 1e-2, 'rtol': 1e-2} for dtype in (numpy.float16,
                                                                      numpy.float32,
                                                                      numpy.float64)}
    # gradients with respect to the sparse entries, the dense operand fixed
    check_function(lambda data: product(data, dense), pattern.data.array,
                   lambda data: reference(data, dense), forward_options=options,
                   backward_options=options, double_backward_options=options)
    # and with respect to the dense operand, the sparse entries fixed
    data = pattern.data.array.astype(other_dtype)
    check_function(lambda dense: product(data, dense), dense.astype(numpy.float64),
                   lambda dense: reference(data, dense), forward_options=options,
                   backward_options=options, double_backward_options=options)
