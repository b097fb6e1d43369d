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
