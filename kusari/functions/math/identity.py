"""Identity."""

from kusari import core


class Identity(core.FunctionNode):
    """Passes inputs through unchanged (a graph node that does nothing)."""

    def forward(self, xs):
        return xs

    def backward(self, indexes, gys):
        return tuple(gys[i] for i in indexes)

    def backward_arrays(self, indexes, gys):
        return tuple(gys[i] for i in indexes)


def identity(*inputs):
    """Returns its inputs as new variables (one variable if given one input).

    Args:
        inputs (Variables or arrays): any number of inputs, each of any shape.

    Returns:
        tuple: Variables holding the same arrays (so of the inputs' shapes and
        dtypes); a single Variable for one input.
    """
    ret = Identity().apply(inputs)
    return ret[0] if len(ret) == 1 else ret
