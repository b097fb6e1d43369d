import numpy
import pytest

from kusari import initializers


@pytest.mark.parametrize('shape, mode', [((3, 7), 'auto'), ((3, 7), 'projection'),
                                         ((4, 2, 3), 'auto'), ((5, 5), 'basis')])
def test_rows_are_orthonormal_times_scale(shape, mode):
    a = numpy.empty(shape)
    initializers.Orthogonal(scale=1.1, mode=mode)(a)
    m = a.reshape(shape[0], -1)
    numpy.testing.assert_allclose(m @ m.T, 1.21 * numpy.eye(shape[0]), atol=1e-12)


@pytest.mark.parametrize('mode', ['auto', 'embedding'])
def test_tall_matrix_has_orthonormal_columns(mode):
    a = numpy.empty((8, 3))
    initializers.Orthogonal(scale=2.0, mode=mode)(a)
    numpy.testing.assert_allclose(a.T @ a, 4.0 * numpy.eye(3), atol=1e-12)


@pytest.mark.parametrize('shape, mode', [((8, 3), 'projection'), ((3, 8), 'embedding'),
                                         ((3, 4), 'basis')])
def test_mode_mismatch_is_reported(shape, mode):
    with pytest.raises(ValueError, match=mode):
        initializers.Orthogonal(mode=mode)(numpy.empty(shape))


def test_distribution_is_uniform_over_signs():
    # With R's diagonal made non-negative, Q is Haar-distributed: each entry of a
    # random orthogonal 2x2 matrix has mean zero.
    numpy.random.seed(0)
    first = []
    for _ in range(2000):
        a = numpy.empty((2, 2))
        initializers.Orthogonal(scale=1.0)(a)
        first.append(a[0, 0])
    assert abs(numpy.mean(first)) < 0.05


def test_scalar_and_empty():
    a = numpy.empty(())
    initializers.Orthogonal(scale=3.0)(a)
    assert abs(a) == 3.0
    with pytest.raises(ValueError, match='non-empty'):
        initializers.Orthogonal()(numpy.empty((0, 3)))
    with pytest.raises(ValueError, match='mode'):
        initializers.Orthogonal(mode='square')
