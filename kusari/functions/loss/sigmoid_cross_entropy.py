"""Sigmoid cross entropy for binary labels."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail, values_checkable
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.activation.sigmoid import Sigmoid
from kusari.functions.loss._reduce import mean_coefficient
from kusari.functions.loss._validate import check_int, check_reduce, check_same_shape

_IGNORE_LABEL = -1


class SigmoidCrossEntropy(core.FunctionNode):
    """Cross entropy of ``sigmoid(x)`` against labels ``t`` in {0, 1, -1 (ignored)}."""

    _input_indexes_to_retain = (0,)

    def __init__(self, normalize, reduce):
        self.normalize = normalize
        self.reduce = reduce

    def forward(self, inputs):
        x, t = inputs
        check_float('sigmoid_cross_entropy', 'x', x)
        check_int('sigmoid_cross_entropy', 't', t)
        check_same_shape('sigmoid_cross_entropy', x, t, ('x', 't'))
        if t.size and values_checkable(t) and ((t < _IGNORE_LABEL) | (t > 1)).any():
            fail('sigmoid_cross_entropy', 't', 'labels 0, 1 or -1 (ignored)',
                 'label {}'.format(int(t[(t < _IGNORE_LABEL) | (t > 1)].ravel()[0])))
        xp = get_array_module(x)
        self.t = t.astype(x.dtype)
        self.valid = (t != _IGNORE_LABEL).astype(x.dtype)
        # softplus(x) - t x, written so that exp never overflows.
        loss = xp.asarray(xp.exp(-abs(x)))  # an array even for a 0-d x (NumPy: a scalar)
        xp.log1p(loss, out=loss)
        loss += xp.maximum(x, 0)
        loss -= x * self.t
        loss *= self.valid
        if self.reduce == 'no':
            return loss,
        self.coeff = mean_coefficient(xp, self.valid, self.normalize,
                                       x.shape[0] if x.ndim else 1, x.dtype)
        return xp.asarray(loss.sum() * self.coeff, dtype=x.dtype),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    def _gradients(self, indexes, gy, x, form):
        """x's gradient (t, integer labels, has none) in ``form`` (see _forms)."""
        diff = (form.run(Sigmoid(), (x,))[0] - self.t) * self.valid
        if self.reduce == 'mean':
            gx = diff * form.broadcast_to(gy * self.coeff, x.shape)
        else:
            gx = diff * gy
        return tuple(gx if i == 0 else None for i in indexes)


def sigmoid_cross_entropy(x, t, normalize=True, reduce='mean'):
    """Cross entropy loss of pre-sigmoid scores ``x`` against binary labels ``t``.

    Args:
        x (Variable or array): float scores of any shape, e.g. ``(N, K)``.
        t (Variable or array): int labels of ``x``'s shape, each 0 or 1, or -1 to
            ignore the element.
        normalize (bool): with reduce='mean', divide the summed loss by the number
            of non-ignored labels (True) or by the batch size ``x.shape[0]`` (False).
        reduce (str): 'mean' for a scalar, 'no' for the elementwise losses (0 where
            ignored).

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'mean' or of ``x``'s
        shape for 'no'. Only ``x`` gets a gradient.
    """
    check_reduce('sigmoid_cross_entropy', reduce, ('mean', 'no'))
    return SigmoidCrossEntropy(normalize, reduce).apply((x, t))[0]
