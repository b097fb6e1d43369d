"""Chainer's ``chainer.variable`` path: Parameter; Variable and VariableNode live in
``kusari.core``.

Variable's methods that are conveniences rather than graph mechanism (those backed by
kusari.functions, and debug_print) are attached to it here (kusari imports this module
right after the core), so that the core imports no function.
"""

from __future__ import annotations

import typing
import weakref

import numpy

from kusari import core
from kusari.configuration import get_dtype
from kusari._formatting import array_repr
from kusari.core import _array_types, Variable, VariableNode  # NOQA
from kusari.core import as_array, as_variable  # NOQA
from kusari.initializers import Constant, generate_array

if typing.TYPE_CHECKING:
    from kusari import types


class _ConvenienceMethods:

    def __getitem__(self, slices):
        from kusari.functions.array.get_item import get_item
        return get_item(self, slices)

    @property
    def T(self):
        from kusari.functions.array.transpose import transpose
        return transpose(self)

    def reshape(self, *shape):
        from kusari.functions.array.reshape import reshape
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return reshape(self, tuple(shape))

    def transpose(self, *axes):
        from kusari.functions.array.transpose import transpose
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)) or axes == (None,):
            axes = axes[0]
        return transpose(self, axes or None)

    def mean(self, axis=None, *, weights=None, keepdims=False):
        from kusari.functions.math.average import mean
        return mean(self, axis=axis, weights=weights, keepdims=keepdims)

    def sum(self, axis=None, keepdims=False):
        from kusari.functions.math.sum import sum as sum_
        return sum_(self, axis=axis, keepdims=keepdims)

    def __dlpack__(self, **kwargs):
        """Export the array through DLPack without copying (see
        :func:`kusari.backend.to_dlpack`)."""
        from kusari.backend import to_dlpack
        return to_dlpack(self._array, **kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()

    def debug_print(self):
        """A summary of the array and the gradient (Chainer's layout: the device of a
        NumPy array is ``CPU``, an all-zero gradient prints as 0)."""
        array, grad = self._array, self.grad

        def stats(value):
            return 'mean={:.8f}, std={:.8f}'.format(float(value.mean()), float(value.std()))
        if array is None:
            device = backend_name = None
        else:
            device = 'CPU' if isinstance(array, numpy.ndarray) else array.device
            backend_name = type(array)
        if grad is not None:
            grad = 0 if not grad.any() else stats(grad)
        return '\n'.join([
            self.summary(), '- device: {}'.format(device), '- backend: {}'.format(backend_name),
            '- shape: {}'.format(getattr(array, 'shape', None)),
            '- dtype: {}'.format(getattr(array, 'dtype', None)),
            '- statistics: {}'.format(None if array is None else stats(array)),
            '- grad: {}'.format(grad)])


for _name in ('__getitem__', 'T', 'reshape', 'transpose', 'mean', 'sum', '__dlpack__',
              '__dlpack_device__', 'debug_print'):
    setattr(Variable, _name, vars(_ConvenienceMethods)[_name])
del _name


class Parameter(Variable):
    """A Variable that a Link owns and an optimizer updates.

    It may be created without an array and initialized later (``initialize(shape)``),
    which lets links infer their input size from the first batch.

    Args:
        initializer: an array, a scalar, or a callable initializer (``None``: NaN fill,
            so a use before initialization is visible).
        shape: shape to initialize with right away.
        name (str): name of the parameter.
    """

    __slots__ = ('initializer', 'update_rule', '_grad_initializer')
    initializer: typing.Any

    def __init__(self, initializer: types.InitializerSpec | None = None,
                 shape: types.ShapeSpec | None = None, name: str | None = None, *,
                 layout: typing.Any = None) -> None:
        self.update_rule: typing.Any = None
        self._grad_initializer = None
        if isinstance(initializer, _array_types()) and shape is None:
            super().__init__(initializer, name=name)
            self.initializer = Constant(initializer)
            return
        super().__init__(None, name=name)
        if initializer is None:
            initializer = Constant(numpy.nan)
        elif numpy.isscalar(initializer) or isinstance(initializer, _array_types()):
            initializer = Constant(initializer)
        self.initializer = initializer
        # As in Chainer, the gradient starts as NaN, so that a gradient used without
        # being computed (a forgotten cleargrads) shows.
        if shape is None:
            self._grad_initializer = Constant(numpy.nan)
            return
        self.initialize(shape)
        if self._array.dtype.kind in 'fc':
            self._grad_var = Variable._new(self.xp.full_like(self._array, numpy.nan), True)

    def __reduce__(self):
        grad = None if self._grad_var is None else self._grad_var._array
        return _rebuild_parameter, (self._array, self.name, grad, self.initializer,
                                    self.update_rule)

    def __copy__(self):
        """A Parameter sharing this one's array slot (what Link.copy's 'share' mode makes):
        as in Chainer, an array set on either (``p.array = a``, ``initialize``) is both's,
        until one is sent to another device."""
        new = object.__new__(Parameter)
        new.__dict__.update((k, v) for k, v in self.__dict__.items() if k != '_node')
        new._array, new._requires_grad = self._array, self._requires_grad
        new.initializer, new.update_rule = self.initializer, self.update_rule
        new._grad_initializer = self._grad_initializer
        new._node = VariableNode(new, self._name)
        group = self.__dict__.setdefault('_shared_copies', [weakref.ref(self)])
        group[:] = [ref for ref in group if ref() is not None] + [weakref.ref(new)]
        new._shared_copies = group
        return new

    @property
    def is_initialized(self):
        return self._array is not None

    @property
    def grad(self):
        g = self._grad_var
        if g is not None:  # the optimizer reads it several times per step: test this first
            return g._array
        if (self._array is None and self._grad_initializer is not None
                and not self.__dict__.get('_grad_set')):
            raise RuntimeError('the gradient of parameter {} is not determined before it is '
                               'initialized (call cleargrad() to make it None)'.format(self.name))
        return None

    @grad.setter
    def grad(self, g):
        if self._array is None:
            self._grad_set = True  # even before initialization, a set gradient is valid
        Variable.grad.fset(self, g)

    @property
    def dtype(self):
        if self._array is not None:
            return self._array.dtype
        if not hasattr(self.initializer, 'dtype'):
            raise RuntimeError('the dtype of parameter {} is not determined before it is '
                               'initialized: its initializer gives none'.format(self.name))
        return get_dtype(self.initializer.dtype)

    def initialize(self, shape: types.ShapeSpec) -> None:
        """Allocate the array with ``shape`` and fill it with the initializer."""
        dtype = getattr(self.initializer, 'dtype', None)
        device = self.__dict__.get('_device')  # where to_device sent it before
        xp = numpy if device is None else device.xp
        self.array = generate_array(self.initializer, shape, xp, dtype=dtype,
                                     device=device)  # (the copies' too)
        self._grad_var = None
        if self._grad_initializer is not None and self._array.dtype.kind in 'fc':
            self.grad = generate_array(self._grad_initializer, shape, xp,
                                        dtype=self._array.dtype, device=device)

    def cleargrad(self):
        # the slot set here, not through Variable's method: 336 -> 186 ns for six
        # parameters (cleargrads of a small MLP; a captured step clears them too)
        self._grad_var = None
        self._grad_initializer = None

    def copydata(self, var):
        """Copy the array of ``var``; an uninitialized side is first initialized to the
        other's shape (nothing happens when both are)."""
        src = var._array if isinstance(var, Variable) else var
        if src is None and self._array is not None and isinstance(var, Parameter):
            var.initialize(self._array.shape)
            src = var._array
        if src is None:
            return
        if self._array is None:
            self.initialize(src.shape)
        super().copydata(src)

    def addgrad(self, var):
        if self._array is None and var._array is not None:
            self.initialize(var._array.shape)
        super().addgrad(var)

    def zerograd(self):
        super().zerograd()
        if self._array is None:
            self._grad_initializer = Constant(0)

    def _to(self, device):  # initialize() allocates on self._device later
        group = self._shared_copies
        if group is not None and self.device != device:
            # Moved, a copy gets an array of its own (Chainer gives it a new slot).
            del self._shared_copies
            group[:] = [ref for ref in group if ref() is not self]
        super()._to(device)

    def update(self):
        """Update the array with the update rule set by the optimizer."""
        if self.update_rule is not None:
            self.update_rule.update(self)

    def __repr__(self):
        return array_repr(self, 'parameter', ', ')

    def __str__(self):
        return array_repr(self, 'parameter', ' ')


def _rebuild_parameter(array, name, grad, initializer, update_rule):
    # made uninitialized, as Chainer does: initializing the copy again gives a NaN gradient
    param = Parameter(initializer, name=name)
    if array is not None:
        param.array = array
        param.grad = grad
    param.update_rule = update_rule
    return param


# Pickles made while Parameter lived in kusari.core name its rebuilder there.
core._rebuild_parameter = _rebuild_parameter  # type: ignore[attr-defined]
