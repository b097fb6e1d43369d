import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

BATCH, DIM, VOCAB, N_SAMPLES = 4, 3, 6, 2
LABELS = numpy.array([1, 5, -1, 0], numpy.int32)   # -1: ignored
DRAWN = numpy.random.RandomState(1).randint(0, VOCAB, (BATCH, N_SAMPLES + 1))


def _sampler(shape):
    assert shape == DRAWN.shape
    return DRAWN.copy()


def _reference(reduce):
    def reference(x, W, t):
        x64, W64 = x.astype(numpy.float64), W.astype(numpy.float64)
        losses = numpy.zeros(BATCH)
        for b in numpy.nonzero(t != -1)[0]:
            z = W64[DRAWN[b, 1:]] @ x64[b]
            losses[b] = numpy.logaddexp(0, -W64[t[b]] @ x64[b]) + numpy.logaddexp(0, z).sum()
        out = losses if reduce == 'no' else numpy.asarray(losses.sum())
        return out.astype(x.dtype)
    return reference


@pytest.mark.parametrize('reduce', ['sum', 'no'])
def test_forward_backward(reduce):
    x = numpy.random.uniform(-1, 1, (BATCH, DIM))
    W = numpy.random.uniform(-1, 1, (VOCAB, DIM))

    def loss(x, W, t):
        return F.negative_sampling(x, t, W, _sampler, N_SAMPLES, reduce=reduce)

    check_function(loss, (x, W, LABELS), _reference(reduce),
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 1e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


def test_return_samples_puts_labels_first():
    x = numpy.zeros((BATCH, DIM), numpy.float32)
    W = numpy.zeros((VOCAB, DIM), numpy.float32)
    loss, samples = F.negative_sampling(x, LABELS, W, _sampler, N_SAMPLES, return_samples=True)
    numpy.testing.assert_array_equal(samples[:, 0], LABELS)
    numpy.testing.assert_array_equal(samples[:, 1:], DRAWN[:, 1:])
    # every score is 0: each of the 3 valid examples contributes (1 + N_SAMPLES) log 2
    assert float(loss.array) == pytest.approx(3 * (1 + N_SAMPLES) * numpy.log(2), rel=1e-6)


def test_zero_weights_still_get_a_gradient():
    # NegativeSampling links start from W = 0, where the slope of softplus is 1/2.
    x = numpy.random.uniform(-1, 1, (BATCH, DIM))
    W = kusari.Variable(numpy.zeros((VOCAB, DIM)))
    F.negative_sampling(x, LABELS, W, _sampler, N_SAMPLES).backward()
    expected = numpy.zeros((VOCAB, DIM))
    for b in numpy.nonzero(LABELS != -1)[0]:
        expected[LABELS[b]] -= x[b] / 2
        for s in DRAWN[b, 1:]:
            expected[s] += x[b] / 2
    numpy.testing.assert_allclose(W.grad, expected)


def test_bad_inputs():
    x = numpy.zeros((BATCH, DIM), numpy.float32)
    W = numpy.zeros((VOCAB, DIM), numpy.float32)
    with pytest.raises(InvalidType, match='negative_sampling.*reduce'):
        F.negative_sampling(x, LABELS, W, _sampler, N_SAMPLES, reduce='mean')
    with pytest.raises(InvalidType, match=r'negative_sampling.*t.*\[0, 6\)'):
        F.negative_sampling(x, LABELS + VOCAB, W, _sampler, N_SAMPLES)
    with pytest.raises(InvalidType, match='negative_sampling.*sampler'):
        F.negative_sampling(x, LABELS, W, lambda shape: DRAWN[:, :2], N_SAMPLES)
    with pytest.raises(TypeError, match='negative_sampling.*unexpected.*train'):
        F.negative_sampling(x, LABELS, W, _sampler, N_SAMPLES, train=True)
