import numpy
import pytest

import kusari.functions as F
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('name, call', [
    ('swapaxes', lambda x: F.swapaxes(x, 0, 0)),
    ('rollaxis', lambda x: F.rollaxis(x, 0)),
    ('moveaxis', lambda x: F.moveaxis(x, 0, 0)),
    ('squeeze', lambda x: F.squeeze(x, 0)),
    ('separate', F.separate),
    ('split_axis', lambda x: F.split_axis(x, 1, 0)),
    ('permutate', lambda x: F.permutate(x, numpy.array([0]))),
    ('repeat', lambda x: F.repeat(x, 2, axis=0)),
])
def test_zero_dim_arrays_have_no_axis(name, call):
    with pytest.raises(InvalidType, match='{}: invalid x'.format(name)):
        call(numpy.array(1.0))


def test_numpy_integer_axes():
    x = numpy.zeros((2, 3))
    assert F.swapaxes(x, numpy.int64(0), numpy.int32(1)).shape == (3, 2)
    assert F.flip(x, numpy.int64(1)).shape == (2, 3)
    with pytest.raises(InvalidType, match='separate: invalid axis'):
        F.separate(x, 1.0)
