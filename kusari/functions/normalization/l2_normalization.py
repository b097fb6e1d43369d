"""L2 normalization."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array._axes import reduction_axes


class NormalizeL2(core.FunctionNode):
    """``y = x / (||x||_2 + eps)`` along ``axis``."""

    _input_indexes_to_retain = (0,)

    def __init__(self, eps, axis):
        self.eps = eps
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            fail('normalize', 'x', 'a floating-point array', 'dtype {}'.format(x.dtype))
        xp = get_array_module(x)
        norm = xp.sqrt(xp.square(x).sum(axis=self.axis, keepdims=True))
        norm += x.dtype.type(self.eps)
        return x / norm,

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_inputs(), GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, form):
        squares = form.sum(x * x, self.axis, keepdims=True)
        # ||x|| is not differentiable at 0, where the x-dependent term vanishes anyway:
        # take the root of 1 there and zero the term.
        nonzero = (core.as_array(squares) != 0).astype(x.dtype)
        norm_noeps = (squares + (1 - nonzero)) ** 0.5
        norm = norm_noeps * nonzero + self.eps
        x_gy = form.sum(x * gy, self.axis, keepdims=True) * nonzero / norm_noeps
        return (gy * norm - x_gy * x) / (norm * norm)


def normalize(x, eps=1e-5, axis=1):
    """L2 normalization: ``y = x / (||x||_2 + eps)`` along ``axis``.

    Args:
        x (Variable or array): a float array of any shape, e.g. ``(n, d)``.
        eps (float): added to the norm to avoid division by zero.
        axis (int, tuple of ints or None): axes of the norm; None: all of them, ``()``:
            none (each element is divided by its absolute value plus ``eps``).

    Returns:
        Variable: of ``x``'s shape and dtype.
    """
    axes = reduction_axes('normalize', axis, core.as_array(x).ndim)
    return NormalizeL2(eps, axes).apply((x,))[0]
