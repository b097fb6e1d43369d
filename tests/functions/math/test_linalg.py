import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(17)
# float16 goes through float32 LAPACK; its rounding is what the loose tolerances cover.
HALF = {numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}}


def well_conditioned(*shape):
    n = shape[-1]
    return rng.uniform(-0.5, 0.5, shape) + 2 * numpy.eye(n)


def lapack(routine):
    return lambda a: getattr(numpy.linalg, routine)(a.astype(numpy.float64)).astype(a.dtype)


@pytest.mark.parametrize('func, routine, shape', [
    (F.inv, 'inv', (3, 3)), (F.batch_inv, 'inv', (2, 3, 3)),
    (F.batch_det, 'det', (4, 3, 3)), (F.inv, 'inv', (1, 1))])
def test_inv_det(func, routine, shape):
    check_function(func, well_conditioned(*shape), lapack(routine), forward_options=HALF,
                   backward_options=HALF, double_backward_options=HALF)


def test_det(on_0d):
    function, reference = on_0d(F.det, lapack('det'), inputs=False)
    check_function(function, well_conditioned(3, 3), reference, forward_options=HALF,
                   backward_options=HALF, double_backward_options=HALF)


def test_det_records_chainers_batch_det_between_reshapes():
    y = F.det(well_conditioned(3, 3))
    assert type(y.creator).__name__ == 'Reshape'
    batch_det = y.creator.inputs[0].creator
    assert type(batch_det).__name__ == 'BatchDet' and batch_det.label == 'det'
    assert batch_det.inputs[0].shape == (1, 3, 3)
    assert type(F.batch_det(well_conditioned(2, 3, 3)).creator).__name__ == 'BatchDet'


def test_cholesky():
    def symmetric_positive_definite(dtype):
        a = rng.uniform(-1, 1, (3, 3))
        return (a @ a.T + 3 * numpy.eye(3)).astype(dtype)

    # cholesky reads the lower triangle only; symmetrizing the input first makes the
    # numerical gradient see the symmetric gradient cholesky returns.
    def symmetrized(a):
        return F.cholesky((a + F.transpose(a)) * 0.5)
    check_function(symmetrized, symmetric_positive_definite, lapack('cholesky'),
                   forward_options=HALF, backward_options=HALF, double_backward_options=HALF)


def test_inv_times_input_is_identity():
    a = well_conditioned(4, 4).astype(numpy.float32)
    numpy.testing.assert_allclose(F.inv(a).array @ a, numpy.eye(4), atol=1e-5)


@pytest.mark.parametrize('func, shape', [(F.inv, (2, 3)), (F.batch_inv, (3, 3)),
                                         (F.det, (2, 2, 2)), (F.cholesky, (3, 2))])
def test_bad_shapes(func, shape):
    with pytest.raises(InvalidType, match='{}: invalid a'.format(func.__name__)):
        func(numpy.ones(shape))


def test_singular_matrix():
    with pytest.raises(ValueError, match='inv: inv of shape \\(2, 2\\) failed'):
        F.inv(numpy.ones((2, 2)))


def test_cholesky_of_indefinite_matrix():
    with pytest.raises(ValueError, match='cholesky'):
        F.cholesky(-numpy.eye(2))
