"""Maximum and minimum over axes, and their indices."""

import numpy

from kusari import core
from kusari.functions._checks import check_float, fail
from kusari.functions._forms import ArrayForm, GraphForm
from kusari.functions.array._axes import axis_of, reduction_axes
from kusari.functions.math._elementwise import force_array


class _Select(core.FunctionNode):
    """Max or min over ``axis`` (a tuple); the gradient goes to every selected element."""

    _input_indexes_to_retain = (0,)
    _output_indexes_to_retain = (0,)

    name = None

    def __init__(self, axis, keepdims):
        self.axis = axis
        self.keepdims = keepdims

    def forward(self, inputs):
        x, = inputs
        check_float(self.name, 'x', x)
        if any(x.shape[a] == 0 for a in self.axis):
            fail(self.name, 'x', 'non-empty axes {} to reduce'.format(self.axis),
                 'shape {}'.format(x.shape))
        reduce = x.max if self.name == 'max' else x.min
        return reduce(axis=self.axis, keepdims=self.keepdims),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        return self._gradient(grad_outputs[0], x.array, y.array, GraphForm),

    def backward_arrays(self, indexes, grad_outputs):
        return self._gradient(grad_outputs[0], *self.get_retained_arrays(), ArrayForm),

    def _gradient(self, gy, x, y, form):
        """``gy`` at every selected element of the arrays ``x``, in ``form``."""
        kept = tuple(1 if i in self.axis else d for i, d in enumerate(x.shape))
        selected = x == y.reshape(kept)
        return form.scale_by_array(form.broadcast_to(form.reshape(gy, kept), x.shape), selected)


class Max(_Select):
    name = 'max'


class Min(_Select):
    name = 'min'


def max(x, axis=None, keepdims=False):
    """Maximum of ``x`` over ``axis`` (None: all axes; an int or a tuple of ints).

    Args:
        x (Variable or array): input of any shape.
        axis (None, int or tuple of ints): axes to reduce (negative count from the
            end); None reduces all of them.
        keepdims (bool): keep the reduced axes with length 1.

    Returns:
        Variable: ``x``'s shape without the reduced axes (with them as 1 when
        ``keepdims``), of ``x``'s dtype.
    """
    return Max(reduction_axes('max', axis, x.ndim), keepdims).apply((x,))[0]


def min(x, axis=None, keepdims=False):
    """Minimum of ``x`` over ``axis`` (None: all axes; an int or a tuple of ints).

    Args:
        x, axis, keepdims: as in :func:`~kusari.functions.max`.

    Returns:
        Variable: of ``x``'s shape without the reduced axes, as in
        :func:`~kusari.functions.max`.
    """
    return Min(reduction_axes('min', axis, x.ndim), keepdims).apply((x,))[0]


class _IndexSelector(core.FunctionNode):
    """Index (int32) of the selected element over ``axis`` (None: of the flattened
    array); an index has no gradient."""

    name = None

    def __init__(self, axis=None):
        self.axis = axis

    def forward(self, inputs):
        x, = inputs
        select = x.argmax if self.name == 'argmax' else x.argmin
        return force_array(select(axis=self.axis), numpy.int32),

    def backward(self, indexes, grad_outputs):
        return None,


class ArgMax(_IndexSelector):
    name = 'argmax'


class ArgMin(_IndexSelector):
    name = 'argmin'


def _index_of(node_class, x, axis):
    array = core.as_array(x)
    check_float(node_class.name, 'x', array)
    if axis is not None:
        axis = axis_of(node_class.name, axis, array.ndim)
    return node_class(axis).apply((x,))[0]


def argmax(x, axis=None):
    """Index (int32) of the maximum over ``axis`` (None: of the flattened array).

    Args:
        x (Variable or array): input of any shape.
        axis (None or int): the axis to search; None searches the flattened array.

    Returns:
        Variable: int32 indices of ``x``'s shape without ``axis`` (a scalar for
        None); not differentiable.
    """
    return _index_of(ArgMax, x, axis)


def argmin(x, axis=None):
    """Index (int32) of the minimum over ``axis`` (None: of the flattened array).

    Args:
        x, axis: as in :func:`~kusari.functions.argmax`.

    Returns:
        Variable: int32 indices of ``x``'s shape without ``axis``, as in
        :func:`~kusari.functions.argmax`.
    """
    return _index_of(ArgMin, x, axis)
