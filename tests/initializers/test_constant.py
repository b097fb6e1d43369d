import numpy
import pytest

from kusari import initializers


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_constant_family(dtype):
    a = numpy.empty((2, 3), dtype)
    initializers.Constant(1.5)(a)
    assert (a == 1.5).all()
    initializers.Zero()(a)
    assert (a == 0).all()
    initializers.One(dtype)(a)
    assert (a == 1).all()
    initializers.NaN()(a)
    assert numpy.isnan(a).all()


def test_constant_broadcasts_array_value():
    a = numpy.empty((2, 3))
    initializers.Constant(numpy.arange(3.0))(a)
    numpy.testing.assert_array_equal(a, [[0, 1, 2], [0, 1, 2]])


def test_identity():
    a = numpy.empty((3, 3), numpy.float32)
    initializers.Identity(scale=2.0)(a)
    numpy.testing.assert_array_equal(a, 2 * numpy.eye(3))
    with pytest.raises(ValueError, match='square'):
        initializers.Identity()(numpy.empty((2, 3)))
