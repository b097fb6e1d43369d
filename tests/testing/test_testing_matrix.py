import numpy
import pytest

from kusari import testing


@pytest.mark.parametrize('shape', [(3, 3), (4, 2), (2, 5), (2, 3, 3)])
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64, numpy.complex128])
def test_singular_values(shape, dtype):
    k = min(shape[-2:])
    s = numpy.linspace(1, 3, k)
    a = testing.generate_matrix(shape, dtype, singular_values=s)
    assert a.shape == shape and a.dtype == dtype
    actual = numpy.linalg.svd(a.astype(numpy.complex128), compute_uv=False)
    numpy.testing.assert_allclose(actual, numpy.broadcast_to(s[::-1], actual.shape),
                                  rtol=1e-5)


def test_singular_matrix():
    a = testing.generate_matrix((3, 3), singular_values=[1.0, 1.0, 0.0])
    assert abs(numpy.linalg.det(a)) < 1e-12


def test_errors():
    with pytest.raises(ValueError, match='2 or more dimensions'):
        testing.generate_matrix((3,), singular_values=[1.0])
    with pytest.raises(TypeError, match='floating or complex'):
        testing.generate_matrix((2, 2), numpy.int32, singular_values=[1.0, 1.0])
    with pytest.raises(ValueError, match='non-negative'):
        testing.generate_matrix((2, 2), singular_values=[1.0, -1.0])


def test_complex_singular_values_rejected():
    with pytest.raises(TypeError, match='must be real'):
        testing.generate_matrix((2, 2), singular_values=1 + 0j)


@pytest.mark.parametrize('shape,s_shape', [((0, 0), (0,)), ((0, 2, 3), (0, 2))])
def test_empty_shapes(shape, s_shape):
    assert testing.generate_matrix(shape, singular_values=numpy.ones(s_shape)).shape == shape
    with pytest.raises(ValueError):
        testing.generate_matrix((0, 2, 2), singular_values=numpy.ones(3))


def test_broadcast_to_helper():
    from kusari.testing import matrix
    out = matrix._broadcast_to(numpy.arange(2.0), (3, 2))
    assert out.shape == (3, 2) and (out == [0.0, 1.0]).all()
