"""Bilinear layer."""

from kusari import backend
from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.functions._checks import ChainerAssertionError
from kusari.link import Link


class Bilinear(Link):
    """``y_k = e1^T W_k e2 + V1_k^T e1 + V2_k^T e2 + b_k``.

    Parameters: ``W`` (left_size, right_size, out_size), and unless ``nobias``,
    ``V1`` (left_size, out_size), ``V2`` (right_size, out_size), ``b`` (out_size,).

    Args:
        left_size (int): size of the first input.
        right_size (int): size of the second input.
        out_size (int): output size.
        nobias (bool): only the bilinear term when True.
        initialW: initializer of W (default: LeCunNormal).
        initial_bias (tuple or None): initializers ``(V1, V2, b)`` (default:
            LeCunNormal, LeCunNormal, zeros).
    """

    def __init__(self, left_size, right_size, out_size, nobias=False, initialW=None,
                 initial_bias=None):
        super().__init__()
        self.in_sizes = (left_size, right_size)
        self.nobias = nobias
        with self.init_scope():
            self.W = _parameter('initialW', initialW, (left_size, right_size, out_size))
            if nobias:
                return
            if initial_bias is None:
                initial_bias = (None, None, 0)
            elif not isinstance(initial_bias, tuple) or len(initial_bias) != 3:
                raise ValueError('Bilinear: initial_bias must be a tuple (V1, V2, b) of '
                                 'initializers or None, got {!r}'.format(initial_bias))
            init_v1, init_v2, init_b = initial_bias
            self.V1 = _parameter('initial V1', init_v1, (left_size, out_size))
            self.V2 = _parameter('initial V2', init_v2, (right_size, out_size))
            self.b = _parameter('initial b', init_b, (out_size,))

    def forward(self, e1, e2):
        if self.nobias:
            return F.bilinear(e1, e2, self.W)
        return F.bilinear(e1, e2, self.W, self.V1, self.V2, self.b)


def _parameter(name, initializer, shape):
    """A Parameter of ``shape``; an initial array must have that shape (an AssertionError
    otherwise, as Chainer's)."""
    if backend.is_array_supported(initializer) and initializer.shape != shape:
        raise ChainerAssertionError('Bilinear: {} has shape {}, expected {}'.format(
            name, initializer.shape, shape))
    return Parameter(initializers._get_initializer(initializer), shape)
