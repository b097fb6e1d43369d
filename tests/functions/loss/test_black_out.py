import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

BATCH, DIM, VOCAB, N_SAMPLES = 4, 3, 6, 2


def _reference(reduce):
    def reference(x, W, t, samples):
        x64, W64 = x.astype(numpy.float64), W.astype(numpy.float64)
        losses = []
        for b in range(BATCH):
            logits = W64[numpy.concatenate([[t[b]], samples[b]])] @ x64[b]
            p = numpy.exp(logits - logits.max())
            p /= p.sum()
            losses.append(-numpy.log(p[0]) - numpy.log(1 - p[1:]).sum())
        losses = numpy.array(losses)
        out = losses if reduce == 'no' else numpy.asarray(losses.mean())
        return out.astype(x.dtype)
    return reference


@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_forward_backward(reduce):
    x = numpy.random.uniform(-1, 1, (BATCH, DIM))
    W = numpy.random.uniform(-1, 1, (VOCAB, DIM))
    t = numpy.array([0, 3, 5, 3], numpy.int32)
    samples = numpy.random.randint(0, VOCAB, (BATCH, N_SAMPLES)).astype(numpy.int32)
    check_function(lambda x, W, t, s: F.black_out(x, t, W, s, reduce),
                   (x, W, t, samples), _reference(reduce),
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    W = numpy.zeros((5, 3), numpy.float32)
    t = numpy.zeros(2, numpy.int32)
    samples = numpy.zeros((2, 4), numpy.int32)
    with pytest.raises(InvalidType, match='black_out.*reduce'):
        F.black_out(x, t, W, samples, reduce='sum')
    with pytest.raises(InvalidType, match=r'black_out.*t.*\[0, 5\)'):
        F.black_out(x, t + 5, W, samples)
    with pytest.raises(InvalidType, match=r'black_out.*samples.*\[0, 5\)'):
        F.black_out(x, t, W, samples - 1)
    with pytest.raises(InvalidType, match='black_out.*samples.*shape'):
        F.black_out(x, t, W, samples[0])
    with pytest.raises(InvalidType, match='black_out.*W'):
        F.black_out(x, t, W[:, :2], samples)
