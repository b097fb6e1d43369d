"""Elementwise maximum."""

from kusari.backend import get_array_module
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.math._elementwise import FloatBinary


class ElementwiseSelect(FloatBinary):
    """The elementwise max or min of two arrays: subclasses give ``select(xp, x1, x2)``
    and ``picks_x1(x1, x2)``, where it is ``x1``; ties send the gradient to ``x1``."""

    _input_indexes_to_retain = (0, 1)

    def forward(self, inputs):
        x1, x2 = inputs
        self.check(x1, x2)
        return self.select(get_array_module(x1), x1, x2),

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        return self._gradients(indexes, grad_outputs[0], x1.array, x2.array, GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], *self.get_retained_arrays(), ArrayForm)

    def _gradients(self, indexes, gy, x1, x2, form):
        """``gy`` where each input was picked, zero elsewhere, in ``form`` (see _forms)."""
        first = self.picks_x1(x1, x2)
        if first.shape != gy.shape:
            first = get_array_module(first).broadcast_to(first, gy.shape)
        return tuple([form.sum_to(form.scale_by_array(gy, first if i == 0 else ~first),
                                  self.inputs[i].shape) for i in indexes])


class Maximum(ElementwiseSelect):
    name = 'maximum'

    @staticmethod
    def select(xp, x1, x2):
        return xp.maximum(x1, x2)

    @staticmethod
    def picks_x1(x1, x2):
        return x1 >= x2


def maximum(x1, x2):
    """Elementwise maximum of ``x1`` and ``x2`` (broadcasting).

    Args:
        x1 (Variable or array): first input, a float array of any shape.
        x2 (Variable or array): second input of the same dtype; the shapes broadcast.

    Returns:
        Variable: of the broadcast shape. The gradient goes to the input selected at
        each element.
    """
    return Maximum().apply((x1, x2))[0]
