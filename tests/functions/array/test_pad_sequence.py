import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def reference(xs, length, padding):
    y = numpy.full((len(xs), length) + xs[0].shape[1:], padding, xs[0].dtype)
    for i, x in enumerate(xs):
        y[i, :len(x)] = x
    return y


@pytest.mark.parametrize('lengths, length, padding', [
    ((3, 1, 2), None, 0), ((2, 2), 4, -1.5), ((0, 3), None, 1)])
def test_matches_reference(uniform, lengths, length, padding):
    xs = tuple(uniform(n, 2) for n in lengths)
    full = max(lengths) if length is None else length
    check_function(lambda *xs: F.pad_sequence(xs, length, padding), xs,
                   lambda *xs: reference(xs, full, padding))


def test_bad_inputs(uniform):
    with pytest.raises(InvalidType, match='pad_sequence: invalid length'):
        F.pad_sequence([uniform(3), uniform(2)], length=2)
    with pytest.raises(InvalidType, match=r'pad_sequence: invalid xs\[1\]'):
        F.pad_sequence([uniform(3, 2), uniform(2, 3)])
    with pytest.raises(InvalidType, match='pad_sequence: invalid xs'):
        F.pad_sequence([])


def test_minus_one_pads_unsigned_arrays_with_their_largest_value():
    y = F.pad_sequence([numpy.array([1, 2], numpy.uint8), numpy.array([3], numpy.uint8)],
                       padding=-1)
    assert y.dtype == numpy.uint8
    numpy.testing.assert_array_equal(y.array, [[1, 2], [3, 255]])
