import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(32)


@pytest.mark.parametrize('shape', [(4, 5), (1, 7), (0, 3)])
def test_layer_normalization(shape):
    def reference(x, gamma, beta):
        work = x.astype(numpy.float64)
        y = (work - work.mean(1, keepdims=True)) / numpy.sqrt(work.var(1, keepdims=True) + 1e-5)
        return (y * gamma + beta).astype(x.dtype)

    check_function(F.layer_normalization,
                   (rng.uniform(-1, 1, shape), rng.uniform(0.5, 1.5, shape[1]),
                    rng.uniform(-1, 1, shape[1])), reference,
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


def test_rows_are_standardized():
    y = F.layer_normalization(rng.uniform(-5, 5, (3, 50)), numpy.ones(50), numpy.zeros(50),
                              eps=0).array
    numpy.testing.assert_allclose(y.mean(1), 0, atol=1e-12)
    numpy.testing.assert_allclose(y.std(1), 1)


@pytest.mark.parametrize('x, gamma', [(numpy.ones((2, 3, 4)), numpy.ones(3)),
                                      (numpy.ones((2, 3)), numpy.ones(2))])
def test_invalid_shapes(x, gamma):
    with pytest.raises(InvalidType, match='layer_normalization: invalid'):
        F.layer_normalization(x, gamma, gamma)
