import numpy
import pytest

from kusari import testing
from kusari.testing import array as array_module


class TestAssertAllclose:

    def test_within_tolerance(self):
        x = numpy.array([1.0, 2.0, 3.0])
        testing.assert_allclose(x + 1e-6, x)
        testing.assert_allclose(x * (1 + 5e-5), x, atol=0)
        testing.assert_allclose(3.0, numpy.float32(3))

    def test_defaults_are_chainers(self):
        # Chainer's default tolerance: atol=1e-5, rtol=1e-4.
        with pytest.raises(AssertionError):
            testing.assert_allclose(numpy.array([0.0]), numpy.array([2e-5]))
        with pytest.raises(AssertionError):
            testing.assert_allclose(numpy.array([1000.0]), numpy.array([1000.2]))

    def test_failure_message_locates_the_worst_element(self):
        x = numpy.zeros((2, 3), numpy.float32)
        y = x.copy()
        y[1, 2] = 0.5
        y[0, 0] = 0.1
        with pytest.raises(AssertionError) as info:
            testing.assert_allclose(x, y)
        message = str(info.value)
        assert 'shape: (2, 3) (2, 3)' in message
        assert 'dtype: float32 float32' in message
        assert 'i: (1, 2)' in message
        assert 'y[i]: 0.5' in message

    def test_nan_is_reported(self):
        with pytest.raises(AssertionError, match=r'i: \(1,\)'):
            testing.assert_allclose(numpy.array([0.0, numpy.nan]), numpy.array([0.0, 1.0]))

    def test_shape_mismatch(self):
        with pytest.raises(AssertionError, match=r'shape: \(2,\) \(3,\)'):
            testing.assert_allclose(numpy.zeros(2), numpy.zeros(3))

    def test_not_verbose_omits_arrays(self):
        with pytest.raises(AssertionError) as info:
            testing.assert_allclose(numpy.zeros(2), numpy.ones(2), verbose=False)
        assert '\nx: ' not in str(info.value)


class TestNoncontiguous:

    @pytest.mark.parametrize('shape', [(5,), (3, 4), (3, 1), (2, 3, 4)])
    def test_values_and_layout(self, shape):
        x = numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape)
        y = array_module._as_noncontiguous_array(x)
        assert not y.flags.c_contiguous
        assert not y.flags.f_contiguous
        assert y.dtype == x.dtype
        numpy.testing.assert_array_equal(y, x)

    def test_tiny_arrays_are_copied(self):
        for x in (numpy.array(3.0), numpy.ones((1, 1))):
            y = array_module._as_noncontiguous_array(x)
            assert y is not x
            numpy.testing.assert_array_equal(y, x)

    def test_tuples_and_none(self):
        a = numpy.ones((2, 2))
        result = array_module._as_noncontiguous_array((a, None))
        assert isinstance(result, tuple) and result[1] is None
        assert not result[0].flags.c_contiguous
