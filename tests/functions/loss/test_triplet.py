import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _inputs(dtype):
    """Triplets whose hinge argument stays at least 0.05 away from 0."""
    while True:
        a, p, n = (numpy.random.uniform(-1, 1, (6, 3)) for _ in range(3))
        arg = ((a - p) ** 2).sum(1) - ((a - n) ** 2).sum(1) + 0.2
        if numpy.abs(arg).min() > 0.05 and (arg > 0).any():
            return a, p, n


def _reference(margin, reduce):
    def reference(a, p, n):
        a, p, n = (v.astype(numpy.float64) for v in (a, p, n))
        losses = numpy.maximum(((a - p) ** 2).sum(1) - ((a - n) ** 2).sum(1) + margin, 0)
        out = losses if reduce == 'no' else numpy.asarray(losses.mean())
        return out.astype(a.dtype)
    return reference


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_forward_backward(reduce):
    def reference(a, p, n):
        return _reference(0.2, reduce)(a, p, n).astype(a.dtype)
    check_function(lambda a, p, n: F.triplet(a, p, n, reduce=reduce),
                   _inputs, reference, backward_options={numpy.float16: {'atol': 3e-2}},
                   double_backward_options={numpy.float16: {'atol': 1e-1, 'rtol': 1e-1}})


def test_margin():
    a = numpy.zeros((1, 2))
    p = numpy.array([[1.0, 0]])
    n = numpy.array([[0, 1.5]])
    assert float(F.triplet(a, p, n, margin=2).array) == pytest.approx(1 - 2.25 + 2)
    assert float(F.triplet(a, p, n, margin=1).array) == 0


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='triplet.*margin'):
        F.triplet(x, x, x, margin=-1)
    with pytest.raises(InvalidType, match='triplet.*reduce'):
        F.triplet(x, x, x, reduce='sum')
    with pytest.raises(InvalidType, match='triplet.*anchor and negative'):
        F.triplet(x, x, x[:1])
    with pytest.raises(InvalidType, match='triplet.*anchor'):
        F.triplet(x[0], x[0], x[0])
