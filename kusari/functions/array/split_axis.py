"""Splitting along an axis."""

import numbers

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions._forms import ArrayForm, GraphForm, zeros_for_missing
from kusari.functions.array._axes import axis_of
from kusari.configuration import config


class SplitAxis(core.FunctionNode):
    """Splits an array into pieces along ``axis``; the gradient concatenates them."""

    def __init__(self, indices_or_sections, axis):
        # Chainer's attributes: one of the two is None
        if isinstance(indices_or_sections, numbers.Integral):
            self.indices, self.sections = None, indices_or_sections
        else:
            self.indices, self.sections = indices_or_sections, None
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        self.axis = axis_of('split_axis', self.axis, x.ndim)
        sections = self.sections
        if sections is None:
            sections = self.indices
        elif sections <= 0 or x.shape[self.axis] % sections:
            fail('split_axis', 'indices_or_sections',
                 'a positive divisor of {} (the size of axis {})'.format(
                     x.shape[self.axis], self.axis), sections)
        ys = get_array_module(x).split(x, sections, self.axis)
        self._shapes = [y.shape for y in ys]
        self._dtype = x.dtype
        return tuple(ys)

    def backward(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs, ArrayForm),

    def _gradient(self, gys, form):
        """The pieces' gradients (zeros for those without) joined, in ``form`` (see
        _forms)."""
        from kusari.functions.array.concat import Concat
        gys = zeros_for_missing(gys, self._shapes, self._dtype)
        return form.run(Concat(self.axis), gys)[0]


def split_axis(x, indices_or_sections, axis, force_tuple=True):
    """Splits ``x`` into several variables along an axis.

    Args:
        x (Variable or array): input of any shape with at least one axis.
        indices_or_sections (int or 1-D sequence of int): the number of equal
            pieces, or the positions along ``axis`` where to cut.
        axis (int): the axis to split.
        force_tuple (bool): return a tuple even when there is one piece.

    Returns:
        tuple of Variable (or a Variable for one piece when ``force_tuple`` is
        False): the pieces, in order, each of ``x``'s dtype and of ``x``'s shape
        except along ``axis``: ``x.shape[axis] // n`` long for ``n`` sections, or
        the length between two cuts (e.g. shapes ``(N, 2)``, ``(N, 3)`` and
        ``(N, 1)`` for ``x`` of shape ``(N, 6)``, cuts ``[2, 5]`` and ``axis=1``).
    """
    if not isinstance(indices_or_sections, numbers.Integral):
        points = core.as_array(indices_or_sections)
        points = points.tolist() if hasattr(points, 'tolist') else points
        indices_or_sections = [int(i) for i in points]
        if config.debug and indices_or_sections != sorted(indices_or_sections):
            raise ValueError('split_axis: indices_or_sections must be sorted, got {}'.format(
                indices_or_sections))
    ys = SplitAxis(indices_or_sections, axis).apply((x,))
    if not force_tuple and len(ys) == 1:
        return ys[0]
    return ys
