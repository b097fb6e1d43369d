import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(9)


@pytest.mark.parametrize('ids, ignore_label', [
    (numpy.array([3, 0, 3, 1]), None),
    (numpy.array([[2, -1, 0], [-1, 2, 2]]), -1),
    (numpy.zeros((0,), numpy.int32), None),
    (numpy.array(1, numpy.int64), None),
])
def test_embed_id(ids, ignore_label):
    def reference(x, W):
        y = W[numpy.where(x == ignore_label, 0, x)]
        if ignore_label is not None:
            y[x == ignore_label] = 0
        return y

    check_function(lambda x, W: F.embed_id(x, W, ignore_label),
                   (ids, rng.uniform(-1, 1, (4, 3))), reference)


def test_repeated_ids_accumulate_their_gradients():
    W = kusari.Variable(numpy.zeros((3, 2)))
    y = F.embed_id(numpy.array([1, 1, 2, 1]), W)
    y.grad = numpy.arange(8.0).reshape(4, 2)
    y.backward()
    numpy.testing.assert_array_equal(W.grad, [[0, 0], [0 + 2 + 6, 1 + 3 + 7], [4, 5]])


@pytest.mark.parametrize('ids', [numpy.array([0, 4]), numpy.array([-2, 1])])
def test_ids_out_of_range(ids):
    with pytest.raises(ValueError, match=r'embed_id: invalid x: expected ids in \[0, 4\)'):
        F.embed_id(ids, numpy.zeros((4, 2), 'f'), ignore_label=-1)


def test_float_ids_are_rejected():
    with pytest.raises(InvalidType, match='embed_id: invalid x'):
        F.embed_id(numpy.zeros(2, 'f'), numpy.zeros((4, 2), 'f'))
