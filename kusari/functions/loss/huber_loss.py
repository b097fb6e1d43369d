"""Huber loss."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_same_dtype, fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.loss._validate import check_reduce, check_same_shape


class HuberLoss(core.FunctionNode):
    """Quadratic for ``|x - t| <= delta``, linear beyond; optionally summed along axis 1."""

    _input_indexes_to_retain = (0, 1)

    def __init__(self, delta, reduce):
        self.delta = delta
        self.reduce = reduce

    def forward(self, inputs):
        x, t = inputs
        check_float('huber_loss', 'x', x)
        check_same_dtype('huber_loss', x, t, ('x', 't'))
        check_same_shape('huber_loss', x, t, ('x', 't'))
        if self.reduce == 'sum_along_second_axis' and x.ndim < 2:
            fail('huber_loss', 'x', "an array of ndim >= 2 for reduce='sum_along_second_axis'",
                 'shape {}'.format(x.shape))
        xp = get_array_module(x)
        diff = x - t
        abs_diff = abs(diff)
        self.inside = abs_diff <= self.delta
        loss = xp.where(self.inside, diff * diff * 0.5,
                        (abs_diff - 0.5 * self.delta) * self.delta).astype(x.dtype, copy=False)
        if self.reduce == 'sum_along_second_axis':
            loss = loss.sum(axis=1)
        return loss,

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_inputs(), GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    def _gradients(self, indexes, gy, x, t, form):
        """The gradients of the targets among (x, t), in ``form`` (see _forms)."""
        diff = x - t
        diff_array = core.as_array(diff)
        inside = self.inside.astype(x.dtype)
        # d loss / d x = clip(x - t, -delta, delta)
        outside_slope = get_array_module(diff_array).sign(diff_array) * (1 - inside) * self.delta
        gx = diff * inside + outside_slope.astype(x.dtype, copy=False)
        if self.reduce == 'sum_along_second_axis':
            gy = form.broadcast_to(form.reshape(gy, gy.shape[:1] + (1,) + gy.shape[1:]), x.shape)
        gx = gx * gy
        return tuple(gx if i == 0 else -gx for i in indexes)


def huber_loss(x, t, delta, reduce='sum_along_second_axis'):
    """Huber loss of ``x`` against ``t``: ``d**2 / 2`` for ``|d| <= delta``, else
    ``delta * (|d| - delta / 2)``, with ``d = x - t``.

    Args:
        x, t (Variable or array): float predictions and targets of any shape (at
            least 2-d, ``(N, K, ...)``, for 'sum_along_second_axis'), the same shape
            and dtype for both.
        delta (float): where the loss changes from quadratic to linear.
        reduce (str): 'sum_along_second_axis' sums over axis 1, 'no' keeps the
            elementwise losses.

    Returns:
        Variable: of ``x``'s dtype: of ``x``'s shape without axis 1, ``(N, ...)``,
        or of ``x``'s shape ('no').
    """
    check_reduce('huber_loss', reduce, ('sum_along_second_axis', 'no'))
    return HuberLoss(delta, reduce).apply((x, t))[0]
