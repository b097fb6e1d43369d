"""The two forms of a backward (see :class:`~kusari.FunctionNode`), as namespaces of the
steps a gradient formula takes that operators do not cover.

A formula written once against a ``form`` argument runs as the graph form with
:class:`GraphForm` (on Variables, recorded, so differentiable again) and as the array
form with :class:`ArrayForm` (on arrays), doing the same arithmetic in both: their
gradients are equal bit for bit.
"""

from kusari.backend import get_array_module
from kusari.core import as_variable
from kusari.functions._dtypes import cast_to
from kusari.functions.array.broadcast import _broadcast_to, _sum_to, broadcast_to, sum_to
from kusari.functions.array.reshape import reshape
from kusari.functions.math._elementwise import scale_by_array, scaled_by_array
from kusari.functions.math.exponential import exp, log
from kusari.functions.math.sum import sum as sum_


def zeros_for_missing(gys, shapes, dtype):
    """The output gradients ``gys`` (arrays or Variables) with zeros of ``shapes`` (one
    per output) and ``dtype`` where one is None, on the device of those given; the
    inputs of a backward that joins its outputs' gradients, in either form."""
    xp = get_array_module(*[g for g in gys if g is not None])
    return tuple([xp.zeros(shape, dtype) if g is None else g for g, shape in zip(gys, shapes)])


class GraphForm:
    """On Variables: gradient nodes applied, kusari functions."""

    @staticmethod
    def run(node, inputs):
        """The outputs of a gradient node (applied: recorded)."""
        return node.apply(inputs)

    sum = staticmethod(sum_)
    reshape = staticmethod(reshape)
    cast = staticmethod(cast_to)
    broadcast_to = staticmethod(broadcast_to)
    sum_to = staticmethod(sum_to)
    exp = staticmethod(exp)
    log = staticmethod(log)
    scale_by_array = staticmethod(scale_by_array)
    constant = staticmethod(as_variable)  # an array as a gradient, outside the graph


class ArrayForm:
    """On arrays: the same computations, without nodes."""

    @staticmethod
    def run(node, inputs):
        """The outputs of a gradient node: its forward on the arrays."""
        return node.forward(inputs)

    @staticmethod
    def constant(array):
        return array

    @staticmethod
    def sum(x, axis, keepdims=False):
        return x.sum(axis=axis, keepdims=keepdims)

    @staticmethod
    def reshape(x, shape):
        return x.reshape(shape)

    @staticmethod
    def cast(x, dtype):
        return x if x.dtype == dtype else x.astype(dtype)

    broadcast_to = staticmethod(_broadcast_to)
    sum_to = staticmethod(_sum_to)
    scale_by_array = staticmethod(scaled_by_array)

    @staticmethod
    def exp(x):
        return get_array_module(x).exp(x)

    @staticmethod
    def log(x):
        return get_array_module(x).log(x)
