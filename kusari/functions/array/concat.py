"""Concatenation along an axis."""

import itertools

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail, normalize_axis
from kusari.functions._forms import ArrayForm, GraphForm


class Concat(core.FunctionNode):
    """Joins arrays along ``axis``; the gradient is split back into pieces."""

    def __init__(self, axis):
        self.axis = axis

    def forward(self, xs):
        x0 = xs[0]
        axis = normalize_axis('concat', self.axis, x0.ndim)[0] if x0.ndim else None
        if axis is None:
            fail('concat', 'xs', 'arrays with at least one axis', 'a 0-d array')
        for i, x in enumerate(xs[1:], 1):
            if x.dtype != x0.dtype:
                fail('concat', 'xs[{}].dtype'.format(i), x0.dtype, x.dtype)
            if x.ndim != x0.ndim or any(a != b for k, (a, b) in enumerate(zip(x.shape, x0.shape))
                                         if k != axis):
                fail('concat', 'xs[{}].shape'.format(i),
                     'shape {} except along axis {}'.format(x0.shape, axis), x.shape)
        self.axis = axis
        self._sizes = [x.shape[axis] for x in xs]
        return get_array_module(*xs).concatenate(xs, axis=axis),

    def backward(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradients(indexes, grad_outputs[0], ArrayForm)

    def _gradients(self, indexes, gy, form):
        """``gy`` split back into the inputs' pieces, in ``form`` (see _forms)."""
        from kusari.functions.array.split_axis import SplitAxis
        if len(self._sizes) == 1:
            return gy,
        points = list(itertools.accumulate(self._sizes[:-1]))
        gxs = form.run(SplitAxis(points, self.axis), (gy,))
        return tuple(gxs[i] for i in indexes)


def concat(xs, axis=1):
    """Concatenates variables along an axis.

    Args:
        xs (list of Variable or array): inputs of one dtype whose shapes agree
            except along ``axis``.
        axis (int): the axis to join along (negative counts from the end).

    Returns:
        Variable: the concatenated variable, of the inputs' dtype and of their shape
        except along ``axis``, where its length is the sum of theirs (e.g. ``(N, 5)``
        for inputs of shapes ``(N, 2)`` and ``(N, 3)`` and ``axis=1``).
    """
    xs = tuple(xs)
    if not xs:
        fail('concat', 'xs', 'at least one array', 'none')
    return Concat(axis).apply(xs)[0]
