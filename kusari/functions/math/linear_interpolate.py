"""Elementwise linear interpolation."""

from kusari import core
from kusari.functions._checks import check_float, check_same_dtype, fail


class LinearInterpolate(core.FunctionNode):
    _input_indexes_to_retain = (0, 1, 2)

    def forward(self, inputs):
        p, x, y = inputs
        check_float('linear_interpolate', 'p', p)
        for name, a in (('x', x), ('y', y)):
            check_same_dtype('linear_interpolate', p, a, ('p', name))
            if a.shape != p.shape:
                fail('linear_interpolate', 'shape of ' + name, 'the shape of p {}'.format(
                    p.shape), a.shape)
        out = x - y
        out *= p
        out += y
        return out,

    def backward(self, indexes, grad_outputs):
        p, x, y = self.get_retained_inputs()
        gz, = grad_outputs
        return tuple(gz * (x - y) if i == 0 else gz * p if i == 1 else gz * (1 - p)
                     for i in indexes)


def linear_interpolate(p, x, y):
    """Elementwise ``p * x + (1 - p) * y`` of three arrays of one shape.

    Args:
        p (Variable or array): weights of ``x``, a float array of any shape.
        x (Variable or array): values at ``p = 1``, of ``p``'s shape and dtype.
        y (Variable or array): values at ``p = 0``, of ``p``'s shape and dtype.

    Returns:
        Variable: of ``p``'s shape and dtype.
    """
    return LinearInterpolate().apply((p, x, y))[0]
