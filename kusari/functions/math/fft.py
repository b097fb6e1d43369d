"""Fast Fourier transform over the last axis of a (real, imaginary) pair."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail


class FFT(core.FunctionNode):
    def __init__(self, method):
        self.method = method

    def forward(self, inputs):
        real, imag = inputs
        check_float(self.method, 'real part', real)
        check_same_dtype(self.method, real, imag, ('real part', 'imaginary part'))
        if real.shape != imag.shape or real.ndim == 0 or real.shape[-1] == 0:
            fail(self.method, 'x', 'real and imaginary parts of one shape with ndim > 0 and '
                 'a last axis of at least one point',
                 'shapes {} and {}'.format(real.shape, imag.shape))
        xp = get_array_module(real)
        y = getattr(xp.fft, self.method)(real + 1j * imag)
        return y.real.astype(real.dtype), y.imag.astype(real.dtype)

    def backward(self, indexes, grad_outputs):
        # The DFT matrix F is symmetric, so gx = conj(F) g = conj(F conj(g)); with
        # g = gr + i gi, F applied to (gi, gr) gives (Im(conj(F) g), Re(conj(F) g)).
        xp = get_array_module(*[g.array for g in grad_outputs if g is not None])
        gr, gi = (g if g is not None else xp.zeros(self.inputs[0].shape, self.inputs[0].dtype)
                  for g in grad_outputs)
        g_imag, g_real = FFT(self.method).apply((gi, gr))
        return tuple(g_real if i == 0 else g_imag for i in indexes)


def fft(x):
    """Discrete Fourier transform over the last axis.

    Args:
        x (tuple of Variables or arrays): ``(real, imag)``, the real and imaginary
            parts, two float arrays of one shape with at least one axis.

    Returns:
        tuple: ``(real, imag)`` of the transform, of the inputs' shape and dtype.
    """
    real, imag = x
    return FFT('fft').apply((real, imag))


def ifft(x):
    """Inverse discrete Fourier transform over the last axis of ``x = (real, imag)``.

    Args:
        x (tuple of Variables or arrays): ``(real, imag)``, two float arrays of one shape.

    Returns:
        tuple: ``(real, imag)`` of the transform, of the inputs' shape and dtype.
    """
    real, imag = x
    return FFT('ifft').apply((real, imag))
