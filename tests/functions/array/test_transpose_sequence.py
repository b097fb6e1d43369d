import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


def reference(*xs):
    return tuple(numpy.stack([x[t] for x in xs if len(x) > t]) for t in range(len(xs[0])))


@pytest.mark.parametrize('lengths', [(4, 2, 2, 1), (3, 3), (2,)])
def test_matches_reference(uniform, lengths):
    xs = tuple(uniform(n, 3) for n in lengths)
    check_function(lambda *xs: F.transpose_sequence(xs), xs, reference)


def test_is_its_own_inverse(uniform):
    xs = [uniform(3, 2), uniform(2, 2), uniform(0, 2)]
    back = F.transpose_sequence(F.transpose_sequence(xs))
    assert len(back) == 2
    for x, y in zip(xs, back):
        numpy.testing.assert_array_equal(x, y.array)


def test_empty_sequence_gets_zero_gradient(uniform):
    xs = [kusari.Variable(uniform(2, 2)), kusari.Variable(uniform(0, 2))]
    ys = F.transpose_sequence(xs)
    loss = F.sum(ys[0]) + F.sum(ys[1])
    loss.backward()
    numpy.testing.assert_array_equal(xs[0].grad, numpy.ones((2, 2)))
    assert xs[1].grad.shape == (0, 2)
    assert F.transpose_sequence([]) == ()


def test_unsorted_lengths(uniform):
    with pytest.raises(InvalidType, match='transpose_sequence: invalid xs'):
        F.transpose_sequence([uniform(1, 2), uniform(2, 2)])


@attr.gpu
def test_gpu(uniform):
    xs = tuple(uniform(n, 3) for n in (4, 2, 1))
    check_function(lambda *xs: F.transpose_sequence(xs), xs, reference, device='@cupy:0')
