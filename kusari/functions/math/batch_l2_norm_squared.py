"""Squared L2 norm of each sample."""

from kusari import core
from kusari.functions._checks import check_float, fail
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape


class BatchL2NormSquared(core.FunctionNode):
    _input_indexes_to_retain = (0,)

    def forward(self, inputs):
        x, = inputs
        check_float('batch_l2_norm_squared', 'x', x)
        if x.ndim < 2:
            fail('batch_l2_norm_squared', 'x', 'an array of a batch axis and at least one more',
                 'shape {}'.format(x.shape))
        return (x * x).sum(axis=tuple(range(1, x.ndim))),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        gy = broadcast_to(reshape(grad_outputs[0], (len(x),) + (1,) * (x.ndim - 1)), x.shape)
        return gy * 2 * x,


def batch_l2_norm_squared(x):
    """Sum of squares of each sample: ``x`` of shape ``(B, ...)`` (at least 2-d) gives shape
    ``(B,)``.

    Args:
        x (Variable or array): a float array of shape ``(B, ...)``.

    Returns:
        Variable: of shape ``(B,)`` and ``x``'s dtype.
    """
    return BatchL2NormSquared().apply((x,))[0]
