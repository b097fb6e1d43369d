"""Maxout units (Goodfellow et al., 2013)."""

import numpy

from kusari import functions as F
from kusari.link import Chain
from kusari.links.connection.linear import Linear


def _as_linear_initializer(initializer, shape, linear_shape, what):
    """Maxout's view of an initializer (arrays of ``shape``) as one for the Linear's
    parameter of ``linear_shape``."""
    if initializer is None or numpy.isscalar(initializer):
        return initializer
    if isinstance(initializer, numpy.ndarray):
        if initializer.shape != shape:
            raise ValueError('Maxout: {} must have shape {}, got {}'.format(
                what, shape, initializer.shape))
        order = (1, 2, 0) if len(shape) == 3 else (0, 1)
        return initializer.transpose(order).reshape(linear_shape)
    if callable(initializer):
        view_shape = (shape[1], shape[2], shape[0]) if len(shape) == 3 else shape

        def fill(array):
            # Fans are computed on Maxout's own (out, pool, in) layout.
            view = array.reshape(view_shape)
            initializer(view)
            array[...] = view.reshape(linear_shape)
        return fill
    raise ValueError('Maxout: {} must be None, a scalar, an array or a callable'.format(what))


class Maxout(Chain):
    """``y_i = max_k (W_ik x + b_ik)`` over ``pool_size`` linear pieces per unit.

    The child ``linear`` (in_size -> out_size * pool_size) holds the parameters.

    Args:
        in_size (int): input size.
        out_size (int): output size.
        pool_size (int): linear pieces per output unit.
        initialW: initializer of the weight; an array must have shape
            (in_size, out_size, pool_size).
        initial_bias: initializer of the bias; an array must have shape
            (out_size, pool_size); None means no bias.
    """

    def __init__(self, in_size, out_size, pool_size, initialW=None, initial_bias=0):
        super().__init__()
        linear_out = out_size * pool_size
        initialW = _as_linear_initializer(initialW, (in_size, out_size, pool_size),
                                          (linear_out, in_size), 'initialW')
        bias = _as_linear_initializer(initial_bias, (out_size, pool_size), (linear_out,),
                                      'initial_bias')
        with self.init_scope():
            self.linear = Linear(in_size, linear_out, nobias=initial_bias is None,
                                 initialW=initialW, initial_bias=bias)
        self.out_size = out_size
        self.pool_size = pool_size

    def forward(self, x):
        return F.maxout(self.linear(x), self.pool_size)
