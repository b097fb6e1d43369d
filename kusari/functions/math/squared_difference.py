"""Elementwise squared difference."""

from kusari.functions.math._elementwise import Binary


class SquaredDifference(Binary):
    name = 'squared_difference'

    def forward(self, inputs):
        x1, x2 = inputs
        self.check(x1, x2)
        self.retain_inputs((0, 1))
        difference = x1 - x2
        difference *= difference
        return difference,

    def backward(self, indexes, grad_outputs):
        x1, x2 = self.get_retained_inputs()
        g = grad_outputs[0] * 2 * (x1 - x2)
        return self.reduce(indexes, [g if i == 0 else -g for i in indexes])


def squared_difference(x1, x2):
    """Elementwise ``(x1 - x2) ** 2`` (broadcasting)."""
    return SquaredDifference().apply((x1, x2))[0]
