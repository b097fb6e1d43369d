"""Adding values at indexed positions."""

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array.broadcast import sum_to
from kusari.functions.array.get_item import (
    device_slices,
    get_item,
    normalize_slices,
    scatter_add_into,
)


class ScatterAdd(core.FunctionNode):
    """``a`` with ``b`` added at ``a[slices]``; repeated indices accumulate."""

    def __init__(self, slices):
        self.slices = slices

    def forward(self, inputs):
        a, b = inputs
        if a.dtype != b.dtype:
            fail('scatter_add', 'dtypes of a and b', 'equal dtypes', '{} and {}'.format(
                a.dtype, b.dtype))
        indexed_axes = sum(s is not None for s in self.slices)
        if indexed_axes > a.ndim:
            fail('scatter_add', 'slices', 'at most {} indices for a of shape {}'.format(
                a.ndim, a.shape), '{!r}'.format(self.slices))
        xp = get_array_module(a)
        self.slices = device_slices(self.slices, xp)
        self._b_shape = b.shape
        y = a.copy()
        try:
            scatter_add_into(y, self.slices, b)
        except (IndexError, ValueError) as e:
            # keep NumPy's category: ValueError when b does not broadcast
            raise type(e)('scatter_add: cannot add b of shape {} at slices {!r} of a of '
                             'shape {}: {}'.format(b.shape, self.slices, a.shape, e)) from None
        return y,

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        ret = []
        for i in indexes:
            ret.append(gy if i == 0 else sum_to(get_item(gy, self.slices), self._b_shape))
        return tuple(ret)


def scatter_add(a, slices, b):
    """Adds ``b`` to the elements of ``a`` selected by ``slices``, out of place.

    Unlike ``a[slices] += b``, an element selected several times receives every
    addition (as ``numpy.add.at``).

    Args:
        a (Variable or array): the array to add to, of any shape.
        slices: index items as for ``get_item``.
        b (Variable or array): values of ``a``'s dtype, of a shape that broadcasts
            to ``a[slices]``'s shape.

    Returns:
        Variable: the sum, of ``a``'s shape and dtype.
    """
    return ScatterAdd(normalize_slices('scatter_add', slices)).apply((a, b))[0]
