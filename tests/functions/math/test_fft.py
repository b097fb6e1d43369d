import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(20)


def reference(method):
    def compute(real, imag):
        y = getattr(numpy.fft, method)(real.astype(numpy.float64) + 1j * imag)
        return y.real.astype(real.dtype), y.imag.astype(real.dtype)
    return compute


@pytest.mark.parametrize('func', [F.fft, F.ifft])
@pytest.mark.parametrize('shape', [(4,), (2, 5), (2, 3, 4)])
def test_fft(func, shape):
    check_function(lambda r, i: func((r, i)), (rng.uniform(-1, 1, shape),
                                               rng.uniform(-1, 1, shape)),
                   reference(func.__name__),
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}})


def test_ifft_inverts_fft():
    real, imag = rng.uniform(-1, 1, (2, 6)), rng.uniform(-1, 1, (2, 6))
    back = F.ifft(F.fft((real, imag)))
    numpy.testing.assert_allclose(back[0].array, real, atol=1e-12)
    numpy.testing.assert_allclose(back[1].array, imag, atol=1e-12)


def test_gradient_of_only_one_output():
    check_function(lambda r, i: F.fft((r, i))[1], (rng.uniform(-1, 1, (3,)),
                                                   rng.uniform(-1, 1, (3,))),
                   lambda r, i: reference('fft')(r, i)[1], dtypes=(numpy.float64,))


def test_bad_inputs():
    with pytest.raises(InvalidType, match='fft: invalid x'):
        F.fft((numpy.ones(3), numpy.ones(4)))
    with pytest.raises(InvalidType, match='fft: invalid x'):
        F.fft((numpy.array(1.0), numpy.array(1.0)))
    with pytest.raises(InvalidType, match='ifft: invalid dtypes'):
        F.ifft((numpy.ones(3), numpy.ones(3, numpy.float32)))
