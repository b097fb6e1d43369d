import numpy
import pytest

from kusari import Variable
from kusari.utils.sparse import CooMatrix, get_order, to_coo


def test_to_coo_of_a_matrix():
    x = numpy.array([[0, 2, 0], [-1, 0, 0]], numpy.float32)
    coo = to_coo(x)
    assert isinstance(coo.data, Variable) and not coo.data.requires_grad
    numpy.testing.assert_array_equal(coo.data.array, [2, -1])
    assert coo.row.dtype == numpy.int32 and coo.row.tolist() == [0, 1]
    assert coo.col.tolist() == [1, 0]
    assert coo.shape == (2, 3) and coo.order == 'C'
    numpy.testing.assert_array_equal(coo.to_dense(), x)


def test_to_coo_pads_to_ldnz():
    coo = to_coo(numpy.eye(2), ldnz=4, requires_grad=True)
    assert coo.data.requires_grad
    assert coo.row.tolist() == [0, 1, -1, -1] and coo.data.array.tolist() == [1, 1, 0, 0]
    numpy.testing.assert_array_equal(coo.to_dense(), numpy.eye(2))


def test_to_coo_of_a_batch():
    x = numpy.zeros((2, 3, 3))
    x[0, 0, 1] = 1
    x[1, 2, 0] = 2
    x[1, 1, 1] = 3
    coo = to_coo(x)
    assert coo.data.shape == (2, 2) and coo.shape == (3, 3)
    assert coo.row[0].tolist() == [0, -1]
    numpy.testing.assert_array_equal(coo.to_dense(), x)


def test_get_order():
    assert get_order(numpy.array([0, 0, 1]), numpy.array([0, 2, 1])) == 'C'
    assert get_order(numpy.array([1, 0, 1]), numpy.array([0, 1, 2])) == 'F'
    assert get_order(numpy.array([1, 0, 2]), numpy.array([2, 0, 1])) == 'other'
    assert get_order(numpy.array([0, -1]), numpy.array([3, -1])) == 'C'


@pytest.mark.parametrize('args, message', [
    ((numpy.ones((1, 1, 1)), numpy.zeros((1, 1, 1), 'i'), numpy.zeros((1, 1, 1), 'i'), (2, 2)),
     'data must be 1-d or 2-d'),
    ((numpy.ones(2), numpy.zeros(3, 'i'), numpy.zeros(2, 'i'), (2, 2)),
     'data, row and col must have one shape'),
    ((numpy.ones(2), numpy.zeros(2, 'i'), numpy.zeros(2, 'i'), (2, 0)), 'shape must be'),
])
def test_bad_coo_matrix(args, message):
    with pytest.raises(ValueError, match='CooMatrix: ' + message):
        CooMatrix(*args)


def test_bad_order_and_dense_ndim():
    with pytest.raises(ValueError, match='order must be'):
        CooMatrix(numpy.ones(1), numpy.zeros(1, 'i'), numpy.zeros(1, 'i'), (1, 1), order='X')
    with pytest.raises(ValueError, match='to_coo: x must be 2-d or 3-d'):
        to_coo(numpy.ones(3))


@pytest.mark.parametrize('batched', [False, True])
def test_to_dense_adds_up_duplicate_entries(batched):
    data = numpy.array([3.0, 0.0, 4.0, -5.0], numpy.float32)
    row, col = numpy.array([0, 0, 1, 0]), numpy.array([0, 1, 2, 0])
    expected = numpy.array([[-2.0, 0.0, 0.0], [0.0, 0.0, 4.0]], numpy.float32)
    if batched:
        data, row, col, expected = data[None], row[None], col[None], expected[None]
    numpy.testing.assert_array_equal(CooMatrix(data, row, col, (2, 3)).to_dense(),
                                     expected)
