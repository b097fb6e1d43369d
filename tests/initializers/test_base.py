import numpy
import pytest

import kusari
from kusari import initializers


@pytest.mark.parametrize('shape, fans', [
    ((3, 5), (5, 3)), ((4, 2, 3, 3), (18, 36)), ((6, 2, 2, 2, 2), (16, 48))])
def test_get_fans_multiplies_receptive_field(shape, fans):
    assert initializers.get_fans(shape) == fans


@pytest.mark.parametrize('shape', [(3,), ()])
def test_get_fans_rejects_short_shapes(shape):
    with pytest.raises(ValueError, match='get_fans'):
        initializers.get_fans(shape)


def test_get_fans_rejects_lists():
    with pytest.raises(ValueError, match='tuple'):
        initializers.get_fans([3, 4])


def test_generate_array_takes_config_dtype():
    for dtype in (numpy.float16, numpy.float32, numpy.float64):
        with kusari.using_config('dtype', dtype):
            a = initializers.generate_array(initializers.One(), (2, 3), numpy)
        assert a.dtype == dtype and a.shape == (2, 3) and (a == 1).all()


def test_generate_array_dtype_precedence_and_mismatch():
    a = initializers.generate_array(initializers.Zero(numpy.float64), 4, numpy)
    assert a.dtype == numpy.float64 and a.shape == (4,)
    b = initializers.generate_array(initializers.Zero(), 4, numpy, dtype=numpy.float16)
    assert b.dtype == numpy.float16
    with pytest.raises(ValueError, match='dtype'):
        initializers.generate_array(initializers.Zero(numpy.float64), 4, numpy,
                                    dtype=numpy.float32)


def test_generate_array_from_scalar():
    a = initializers.generate_array(2.5, (2,), numpy)
    numpy.testing.assert_array_equal(a, [2.5, 2.5])


def test_mixed16_maps_to_float16():
    with kusari.using_config('dtype', kusari.mixed16):
        a = initializers.generate_array(initializers.Normal(), (3, 3), numpy)
    assert a.dtype == numpy.float16


def test_initializer_rejects_wrong_array_dtype():
    with pytest.raises(ValueError, match='Normal.*float64.*float32'):
        initializers.Normal(dtype=numpy.float32)(numpy.empty(3))


def test_get_initializer_conversions():
    assert isinstance(initializers._get_initializer(None), initializers.LeCunNormal)
    c = initializers._get_initializer(3.0)
    assert isinstance(c, initializers.Constant) and c.fill_value == 3.0
    arr = numpy.arange(3.0)
    assert initializers._get_initializer(arr).fill_value is arr
    with pytest.raises(TypeError, match='initializer'):
        initializers._get_initializer('x')
