"""Building blocks shared by the elementwise math and activation functions.

- ``force_array``: NumPy ufuncs return scalars for 0-d inputs; a Variable must hold an array.
- ``UnaryElementwise``: base of the nodes of elementwise functions ``f(x)`` given by their
  forward on arrays and their derivative written with kusari functions, so double backprop
  works (``unary_doc`` completes the functions' docstrings).
- ``piecewise_constant``: floor, ceil, fix and sign, which are not differentiable.
- ``special``: a ``scipy.special`` function on the CPU or ``cupyx.scipy.special`` on a GPU
  (``special_forward``: as the ``compute`` of a ``UnaryElementwise``).
- ``scale_by_array``: ``gy * coefficient`` for a constant coefficient array (a mask or a
  per-element slope), the usual gradient of piecewise-linear functions.
- ``Binary``: base of broadcasting elementwise nodes of two arrays of one dtype
  (``FloatBinary``: of float arrays).
"""

import functools

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_broadcastable, check_float, check_same_dtype, fail
from kusari.functions.array.broadcast import sum_to
from kusari.utils import force_array  # noqa: F401 - re-exported to the activation functions


def special(xp, name):
    """The special function ``name`` for arrays of module ``xp`` (SciPy on the CPU)."""
    if xp is numpy:
        try:
            import scipy.special
        except ImportError:
            raise ImportError('{} needs SciPy on the CPU: pip install scipy'.format(name)) from None
        return getattr(scipy.special, name)
    import cupyx.scipy.special
    return getattr(cupyx.scipy.special, name)


def piecewise_constant(ufunc, x):
    """``xp.<ufunc>(x)`` for a function whose derivative is zero almost everywhere (floor,
    sign...): as in Chainer, a Variable that is not part of the graph."""
    array = core.as_array(x)
    # NumPy has no sign of booleans and no floor/ceil/fix of complex numbers.
    if array.dtype.kind not in 'iuf':
        fail(ufunc, 'x', 'an array of real numbers', 'dtype {}'.format(array.dtype))
    xp = get_array_module(array)
    return core.as_variable(force_array(getattr(xp, ufunc)(array), array.dtype))


def special_forward(name):
    """``compute(xp, x)`` of a ``UnaryElementwise`` applying the special function ``name``."""
    return lambda xp, x: special(xp, name)(x)


class UnaryElementwise(core.FunctionNode):
    """``y = f(x)`` elementwise on a float array.

    Subclasses set ``name`` (the public function name, also the label), ``compute(xp,
    x)`` (the forward on arrays) and ``derivative(x, y, gy)`` (the input gradient from
    the retained Variables), and retain ``x`` (``_input_indexes_to_retain = (0,)``)
    and/or ``y`` (``_output_indexes_to_retain = (0,)``), whichever ``derivative`` uses
    (the other is None); and ``derivative_on_arrays`` where ``derivative`` runs on arrays
    as well.
    """

    name = None
    # True where derivative is written with operators and Python scalars alone, so that
    # on arrays it computes the same gradient: the array form (a subclass whose
    # derivative calls kusari functions has none)
    derivative_on_arrays = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.derivative_on_arrays:
            cls.backward_arrays = None

    def forward(self, inputs):
        x, = inputs
        if x.dtype.kind != 'f':
            check_float(self.name, 'x', x)
        xp = numpy if type(x) is numpy.ndarray else get_array_module(x)
        return force_array(self.compute(xp, x), x.dtype),

    def replay_kernel(self, inputs):  # see static_graph (which checks the dtype it gives)
        return functools.partial(self.compute, numpy) if type(inputs[0]) is numpy.ndarray \
            else None

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0] if self._input_indexes_to_retain else None
        y = self.get_retained_outputs()[0] if self._output_indexes_to_retain else None
        return self.derivative(x, y, grad_outputs[0]),

    def backward_arrays(self, indexes, grad_outputs):
        retained = self.get_retained_arrays()
        x = retained[0] if self._input_indexes_to_retain else None
        y = retained[-1] if self._output_indexes_to_retain else None
        return self.derivative(x, y, grad_outputs[0]),


def unary_doc(function):
    """Decorates the function of a ``UnaryElementwise`` node, whose docstring says what
    it computes (one sentence), by adding the arguments and the result."""
    function.__doc__ += _UNARY_ARGS_AND_RESULT
    return function


_UNARY_ARGS_AND_RESULT = '''

    Args:
        x (Variable or array): input of any shape, a float array.

    Returns:
        Variable: of ``x``'s shape and dtype, computed elementwise.
'''


class ScaleByArray(core.FunctionNode):
    """``gy * coefficient`` for a constant array; linear in ``gy``, so its own adjoint."""

    def __init__(self, coefficient):
        self.coefficient = coefficient

    def forward(self, inputs):
        return scaled_by_array(inputs[0], self.coefficient),

    def backward(self, indexes, grad_outputs):
        return ScaleByArray(self.coefficient).apply(grad_outputs)

    def backward_arrays(self, indexes, grad_outputs):
        return self.forward(grad_outputs)


def scale_by_array(gy, coefficient):
    """``gy * coefficient`` with a constant (bool or float) ``coefficient`` array."""
    return ScaleByArray(coefficient).apply((gy,))[0]


def scaled_by_array(gy, coefficient):
    """``scale_by_array`` on arrays: the forward of its node."""
    return force_array(gy * coefficient, gy.dtype)


class Binary(core.FunctionNode):
    """A broadcasting elementwise node of two arrays of one dtype (the arithmetic of
    ``basic_math`` and the float functions through ``FloatBinary``).

    Subclasses set ``name`` (and ``arg_names``, the argument names errors give) and call
    ``check(x0, x1)`` in forward; ``reduce(indexes, gxs)`` sums the gradients back to the
    input shapes.
    """

    name = None
    arg_names = ('x0', 'x1')

    def check(self, x0, x1):
        if x0.dtype != x1.dtype:
            check_same_dtype(self.name, x0, x1, self.arg_names)
        if x0.shape != x1.shape:
            check_broadcastable(self.name, x0, x1, self.arg_names)

    def reduce(self, indexes, gxs):
        return tuple(sum_to(gx, self.inputs[i].shape) for i, gx in zip(indexes, gxs))


class FloatBinary(Binary):
    """A ``Binary`` node defined on float arrays only."""

    arg_names = ('x1', 'x2')

    def check(self, x0, x1):
        check_float(self.name, self.arg_names[0], x0)
        Binary.check(self, x0, x1)
