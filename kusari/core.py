"""The graph core of kusari: Variable, FunctionNode and backprop.

Everything that defines how a computational graph is recorded and differentiated lives
here, in dependency order, so the mechanism can be read top to bottom:

1. Variable and its graph-side twin VariableNode.
2. FunctionNode: ``apply`` runs ``forward`` on arrays and, when a gradient is needed,
   records the node in the graph.
3. Backprop: one scheduler shared by ``Variable.backward``, ``backward`` and ``grad``
   (their argument checking lives in kusari._backprop).
4. Seams: what kusari.graph_optimizations uses of the core, named.

Parameter, a Variable that links own, lives in kusari.variable.

The user's Variable and the graph's VariableNode are separate objects: the node refers
to its Variable weakly and holds data only when a function retained it, so activations
are freed as soon as neither the user nor a backward computation needs them.
Configuration (``config``, ``using_config``) lives in kusari.configuration.
"""

from __future__ import annotations

import contextlib
import heapq
import operator
import sys
import threading
import traceback
import typing
import warnings
import weakref

import numpy

from kusari import _checks, backend
from kusari._array_ufunc import apply_ufunc as _apply_ufunc
from kusari import configuration as _configuration
from kusari._formatting import array_repr
from kusari.configuration import config, get_dtype, using_config  # NOQA (core.get_dtype)

if typing.TYPE_CHECKING:
    from kusari import types

# What the core uses from the modules above it, which hand it over as they load (kusari's
# __init__ loads them all before any program runs): so the core imports nothing above it and
# sits in no import cycle.
_Function: typing.Any = None  # kusari.function's old-style Function
_FunctionAdapter: typing.Any = None  # and the node that adapts it
_type_check: typing.Any = None  # kusari.utils.type_check

# Whether debug mode was ever on; until it is, apply skips reading config.debug.
_debug_ever_on = _configuration._debug_ever_on


def _note_debug_switched_on():
    global _debug_ever_on
    _debug_ever_on = True


_configuration._on_debug_switched_on.append(_note_debug_switched_on)

# True while enable_backprop is on in every thread: apply then reads no thread-local value
_backprop_everywhere = config._backprop_everywhere


def _note_backprop_everywhere(value):
    global _backprop_everywhere
    _backprop_everywhere = value


type(config)._backprop_listeners.append(_note_backprop_everywhere)

# Whether any node ever had hooks of its own: until one does, backprop reads no node's
# (a class attribute read through a node costs 250 instructions per function)
_local_hooks_ever = False

# Registered FunctionHook objects, by name. Empty in the common case, so apply() pays
# only a truthiness test for hooks it does not have.
_function_hooks: dict[str, typing.Any] = {}


def get_function_hooks():
    """The dict of globally registered function hooks."""
    return _function_hooks


# ---------------------------------------------------------------------------
# 1. Variable, VariableNode
# ---------------------------------------------------------------------------

_array_types = _checks.array_types


def _check_array(value, what):
    if value is None:
        return
    if not isinstance(value, _array_types()):
        raise TypeError(
            '{} must be a numpy.ndarray or cupy.ndarray (or None), but got {} ({!r:.60}). '
            'Wrap Python scalars and lists with numpy.asarray(..., dtype=numpy.float32).'
            .format(what, type(value).__name__, value))
    if value.dtype.kind == 'O':
        raise TypeError('{} must hold numbers, but got an array of dtype object'.format(what))


def _alias(name):
    """A property reading and setting the attribute ``name`` under another name."""
    return property(operator.attrgetter(name), lambda obj, value: setattr(obj, name, value))


class VariableNode:
    """The graph-side node of a Variable.

    It holds the creator function, the rank used to order backprop, and the array
    only when a function retained it for backward. It refers to its Variable weakly.
    """

    __slots__ = ('_variable', 'creator_node', 'data', 'name', 'rank', 'requires_grad',
                 'dtype', 'shape', '__weakref__')

    def __init__(self, variable, name=None, **kwargs):
        if kwargs:
            raise ValueError('VariableNode() got unexpected arguments {}; a gradient belongs to '
                             'the Variable (Variable(data, grad=...))'.format(', '.join(kwargs)))
        self._variable = weakref.ref(variable)
        self.creator_node = None
        self.data = None
        self.name = name
        self.rank = 0
        self.requires_grad = variable._requires_grad
        array = variable._array
        self.dtype = None if array is None else array.dtype
        self.shape = None if array is None else array.shape

    @property
    def creator(self):
        """The creator: an old-style Function itself, not its adapter node."""
        node = self.creator_node
        return node.function if isinstance(node, _FunctionAdapter) else node

    # Chainer's names for the rank and the flag, which its programs read and set
    _rank = _alias('rank')
    _requires_grad = _alias('requires_grad')

    @property
    def label(self):
        if self.shape == ():
            return str(self.dtype)
        return '({}), {}'.format(', '.join(map(str, self.shape or ())), self.dtype)

    @property
    def grad(self):
        var = self._variable()
        return None if var is None else var.grad

    @property
    def grad_var(self):
        var = self._variable()
        return None if var is None else var.grad_var

    def get_variable(self):
        """The Variable of this node, re-created from retained data if it was freed."""
        var = self._variable()
        if var is not None:
            return var
        var = Variable._new(self.data, self.requires_grad)
        var._node = self
        return var

    def get_variable_or_none(self):
        return self._variable()

    def set_creator_node(self, creator_node):
        self.creator_node = creator_node
        if creator_node is not None:  # None unchains, keeping the rank (as Chainer does)
            self.rank = creator_node.rank + 1

    def set_creator(self, creator):
        self.set_creator_node(creator.node if isinstance(creator, _Function) else creator)

    def retain_data(self):
        var = self._variable()
        if var is None:
            raise RuntimeError('cannot retain the data of a node whose variable is gone')
        self.data = var._array

    def unchain(self):
        self.creator_node = None


def _refused_comparison(operator):
    def refuse(self, other):
        raise TypeError('Variables do not support the {} operator; compare their arrays '
                        '(the array attribute) instead'.format(operator))
    return refuse


class Variable:
    """An array together with its gradient and its place in the computational graph.

    Args:
        data (numpy.ndarray or cupy.ndarray): initial array (or None).
        name (str): name shown in reprs and graphs.
        grad: initial gradient array.
        requires_grad (bool): whether backprop computes a gradient for it.
    """

    # Only the array and the flag live in slots; the rest default to class attributes
    # until set, so creating a Variable on the hot path costs two stores.
    __slots__ = ('_array', '_requires_grad', '__weakref__', '__dict__')
    _node = None
    _grad_var = None
    _name = None
    _loss_scale = None
    _shared_copies = None  # the weak references to a Parameter's copies (and itself)
    _has_chainerx_array = False  # kusari has no ChainerX
    layout = None  # the standard memory layout; Chainer's others are for cuDNN only
    __array_priority__ = 200  # make ndarray op Variable dispatch to Variable's reflected ops

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        # ``array + v`` runs v's operator; numpy.exp(v) says to use F.exp (kusari._array_ufunc).
        return _apply_ufunc(Variable, ufunc, method, inputs, kwargs)

    def __init__(self, data: types.NdArray = None, *, name: str | None = None,
                 grad: types.NdArray = None, requires_grad: bool = True) -> None:
        _check_array(data, 'Variable data')
        self._array = data
        self._requires_grad = requires_grad
        if name is not None:
            self._name = name
        self._node = VariableNode(self, name)  # made here, as in Chainer, for code reaching it
        if grad is not None:
            self.grad = grad

    @staticmethod
    def _init_unchecked(data=None, device=None, name=None, grad=None, grad_valid=True,
                        requires_grad=True, is_chainerx_array=None, node=None, layout=None):
        """Chainer's fast constructor (arguments kusari has no use for are ignored)."""
        var = Variable(data, name=name, grad=grad, requires_grad=requires_grad)
        if node is not None:
            var._node = node
        return var

    @staticmethod
    def _new(array, requires_grad):
        """Build a Variable without argument checks (the fast path used by apply)."""
        var = _object_new(Variable)
        var._array = array
        var._requires_grad = requires_grad
        return var

    def __reduce__(self):
        return _rebuild_variable, (type(self), self._array, self._name, self.grad,
                                   self._requires_grad)

    # -- array and metadata --------------------------------------------------
    @property
    def array(self) -> types.NdArray:
        """The data array (``numpy.ndarray`` or ``cupy.ndarray``), or None."""
        return self._array

    @array.setter
    def array(self, value: types.NdArray) -> None:
        if value is self._array and value is not None:
            return  # an in-place update (v.array -= ...) assigns the array back
        _check_array(value, 'Variable.array')
        # The copies of a Parameter (Link.copy) share its array slot, as Chainer's share
        # their _data list: an array set on one is every copy's.
        shared = self._shared_copies
        for var in (self,) if shared is None else [ref() for ref in shared]:
            if var is not None:
                var._array = value
                node = var._node
                if node is not None:
                    if node.data is not None:
                        node.data = value
                    node.dtype = None if value is None else value.dtype
                    node.shape = None if value is None else value.shape

    data = array

    @property
    def raw_array(self):
        """The data array as stored (kusari has no ChainerX wrapper, so :attr:`array`)."""
        return self._array

    @property
    def name(self):
        """The name shown in reprs and computational graphs (str or None)."""
        return self._name

    @name.setter
    def name(self, name):
        self._name = name
        if self._node is not None:
            self._node.name = name

    @property
    def label(self):
        """A short description of the array: its shape and dtype."""
        return self.node.label

    @property
    def shape(self) -> types.Shape:
        """The shape of the array."""
        return self._array.shape

    @property
    def ndim(self) -> int:
        """The number of axes of the array."""
        return self._array.ndim

    @property
    def size(self) -> int:
        """The number of elements of the array."""
        return self._array.size

    @property
    def dtype(self):
        """The dtype of the array."""
        return self._array.dtype

    @property
    def xp(self):
        """The array module of the array: ``numpy`` or ``cupy``."""
        return backend.get_array_module(self._array)

    @property
    def device(self):
        """The device of the array (a ``kusari.backend.Device``)."""
        return backend._variable_device(self)

    def __len__(self):
        if self._array.ndim == 0:
            raise TypeError('len() of a 0-d variable')
        return len(self._array)

    def item(self):
        return self._array.item()

    # -- graph -----------------------------------------------------------------
    @property
    def node(self):
        """The :class:`VariableNode` that represents this variable in the graph."""
        node = self._node
        if node is None:
            node = self._node = VariableNode(self, self._name)
        return node

    @property
    def creator_node(self):
        """The :class:`FunctionNode` that created this variable, or None for a leaf."""
        node = self._node
        return None if node is None else node.creator_node

    @creator_node.setter
    def creator_node(self, fnode):
        self.node.set_creator_node(fnode)

    @property
    def creator(self):
        """The function that created this variable (None for a leaf); see :attr:`creator_node`."""
        node = self._node
        return None if node is None else node.creator

    @creator.setter
    def creator(self, gen_func):
        self.node.set_creator(gen_func)

    set_creator_node, set_creator = creator_node.fset, creator.fset  # type: ignore[attr-defined]

    @property
    def rank(self):
        """The number of functions on the longest path from a leaf to this variable."""
        node = self._node
        return 0 if node is None else node.rank

    @property
    def requires_grad(self):
        """Whether backprop computes a gradient for this variable."""
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        self._requires_grad = bool(value)
        if self._node is not None:
            self._node.requires_grad = bool(value)

    def retain_data(self):
        self.node.data = self._array

    def unchain(self):
        """Cut the link to the creator: this variable becomes a leaf."""
        if self._node is not None:
            self._node.unchain()

    def unchain_backward(self):
        """Cut every reference in the graph behind this variable."""
        node = self._node
        if node is None:
            return
        stack = [node.creator_node] if node.creator_node is not None else []
        seen = set()
        while stack:
            func = stack.pop()
            if id(func) in seen:
                continue
            seen.add(id(func))
            for x in func.inputs or ():
                if x.creator_node is not None:
                    stack.append(x.creator_node)
                x.unchain()
            func.unchain()
        node.unchain()

    # -- gradient --------------------------------------------------------------
    @property
    def grad_var(self):
        """The gradient as a Variable (differentiable with double backprop), or None."""
        return self._grad_var

    @grad_var.setter
    def grad_var(self, g):
        if g is not None and not isinstance(g, Variable):
            raise TypeError('grad_var must be a Variable or None, not {}'.format(type(g).__name__))
        self._grad_var = g

    @property
    def grad(self):
        """The gradient array, or None."""
        g = self._grad_var
        return None if g is None else g._array

    @grad.setter
    def grad(self, g):
        if g is None:
            self._grad_var = None
            return
        _check_array(g, 'Variable.grad')
        array = self._array
        if array is not None and (g.shape != array.shape or g.dtype != array.dtype):
            raise (TypeError if g.dtype != array.dtype else ValueError)(
                'gradient of shape {} and dtype {} does not match the variable (shape {}, '
                'dtype {})'.format(g.shape, g.dtype, array.shape, array.dtype))
        self._grad_var = Variable._new(g, True)

    @property
    def _grad(self):  # Chainer's attribute holding the gradient array, read unchecked
        g = self._grad_var
        return None if g is None else g._array

    def cleargrad(self) -> None:
        self._grad_var = None

    def zerograd(self):
        warnings.warn('Variable.zerograd is deprecated; use Variable.cleargrad instead.',
                      DeprecationWarning, stacklevel=2)
        if self._array is None:
            return
        g = self._grad_var
        if g is None:
            self._grad_var = Variable._new(self.xp.zeros_like(self._array), True)
        else:
            g.unchain()
            g._array.fill(0)

    def copydata(self, var):
        src = var._array if isinstance(var, Variable) else var
        backend.copyto(self._array, src)

    def addgrad(self, var):
        """Add the gradient of ``var`` to this variable's gradient."""
        src = var._grad_var
        if src is None:
            return
        if self._grad_var is None:
            self._grad_var = Variable._new(src._array.copy(), True)
        else:
            self._grad_var._array += src._array

    def backward(self, retain_grad: bool = False, enable_double_backprop: bool = False,
                 loss_scale: float | None = None) -> None:
        """Compute gradients of this variable with respect to every leaf behind it.

        Args:
            retain_grad (bool): keep the gradients of intermediate variables too.
            enable_double_backprop (bool): record the backward computation so that
                the gradients can be differentiated again.
            loss_scale (float): scale the initial gradient (for float16 training);
                optimizers divide the parameters' gradients by it again.
        """
        if self.creator_node is None or not self._requires_grad:
            return  # (a graph recorded without any input requiring a gradient)
        if self._grad_var is None and self._array.size != 0:  # (size 0: nothing to propagate)
            if self._array.size != 1:
                raise ValueError(
                    'Variable.backward() on a variable of shape {} needs its grad set first: '
                    'only a single-element variable (a loss) gets an initial gradient of one'
                    .format(self.shape))
            if self._array.ndim != 0:
                warnings.warn('Treating a variable with only one element as a scalar in '
                              'Variable.backward is deprecated. Use a 0-dim variable.',
                              DeprecationWarning, stacklevel=2)
        grads = _initial_grads((self,), (self._grad_var,), 'backward', loss_scale)
        self._grad_var = None
        with using_config('enable_backprop', enable_double_backprop):
            _backprop(grads, None, retain_grad, loss_scale)

    # -- conversions and layout -------------------------------------------------
    def to_cpu(self):
        self._to(backend.CpuDevice())
        return self

    def to_gpu(self, device=None):
        self._to(backend.GpuDevice.from_device_id(device))
        return self

    def to_device(self, device):
        self._to(backend.get_device(device))
        return self

    def _to(self, device):
        self._device = device  # Variable.device names it, even a custom Device
        if self._array is not None:
            self.array = device.send(self._array)
        if self._grad_var is not None:
            self._grad_var._array = device.send(self._grad_var._array)

    def __repr__(self):
        return array_repr(self, 'variable', ', ')

    def __str__(self):
        return array_repr(self, 'variable', ' ')

    def summary(self):
        name = '' if self._name is None else self._name + ' '
        return '<variable {}at 0x{:x}>'.format(name, id(self))

    # Chainer defines no elementwise comparisons, no truth value and no hash for variables.
    __eq__, __ne__, __lt__, __le__, __gt__, __ge__ = [  # type: ignore[assignment]
        _refused_comparison(operator) for operator in ('==', '!=', '<', '<=', '>', '>=')]

    def __bool__(self):
        raise TypeError('Variables cannot be evaluated as Python bool; use their arrays')

    __hash__ = None  # type: ignore[assignment]  # unhashable, as in Chainer


_object_new = object.__new__
_new_variable = Variable._new
_weakref = weakref.ref
_ndarray = numpy.ndarray
_modules = sys.modules


def _rebuild_variable(cls, array, name, grad, requires_grad):
    var = cls.__new__(cls)
    Variable.__init__(var, array, name=name, grad=grad, requires_grad=requires_grad)
    return var


def _defining_class(cls, name):
    return next(klass for klass in cls.__mro__ if name in vars(klass))


def as_variable(obj: Variable | types.NdArray) -> Variable:
    """``obj`` if it is a Variable, else a Variable of it that requires no gradient."""
    if isinstance(obj, Variable):
        return obj
    _check_array(obj, 'as_variable argument')
    return Variable._new(obj, False)


def as_array(obj: Variable | types.NdArray) -> types.NdArray:
    """The array of ``obj`` if it is a Variable, else ``obj`` itself."""
    return obj._array if isinstance(obj, Variable) else obj


# ---------------------------------------------------------------------------
# 2. FunctionNode
# ---------------------------------------------------------------------------

class _AllInputs:
    """The type of ``ALL_INPUTS``: read on a node that has inputs, the indexes of all of
    them (a non-data descriptor, so ``retain_inputs`` still sets other indexes)."""

    def __get__(self, node, cls=None):
        if node is None:
            return self
        return None if node.inputs is None else tuple(range(len(node.inputs)))


ALL_INPUTS = _AllInputs()


class FunctionNode:
    """A differentiable function: ``forward`` on arrays, ``backward`` on Variables.

    The contract of an op (``docs/writing_a_function.rst`` walks through an example):

    ``forward(inputs)``
        The outputs, a tuple of arrays, from the tuple of input arrays. Or, instead,
        ``forward_cpu``/``forward_gpu``, which the default ``forward`` picks between by
        the type of the first input.
    Retention
        What backward needs of the inputs and outputs is declared on the class:
        ``_input_indexes_to_retain`` and ``_output_indexes_to_retain``, tuples of
        indexes (None: nothing), or ``ALL_INPUTS`` for a function that keeps every
        input however many it takes. ``apply`` keeps those arrays after ``forward``.
        This is what ``retain_inputs``/``retain_outputs`` set when called inside
        ``forward`` (Chainer's way, which works too); declared once, it costs no call
        per application (390 instructions per F.tanh, benchmarks/instructions.py).
    ``backward(target_input_indexes, grad_outputs)`` (the graph form)
        One gradient Variable (or None) per *target* input, from the output gradients
        (Variables or None), written with differentiable kusari functions so that it
        can be differentiated again. It reads what was retained through
        ``get_retained_inputs()`` and ``get_retained_outputs()`` (Variables).

    Optional hooks:

    ``backward_arrays(target_input_indexes, grad_outputs)`` (the array form)
        The same gradients as ``backward``, computed on arrays, from output gradient
        arrays (or None); backprop calls it instead of ``backward`` when the pass is not
        recorded (no double backprop, no global function hooks), which saves building
        the nodes of the graph form. It reads the retained arrays through
        ``get_retained_arrays()``. Its arithmetic is the graph
        form's: where ``backward`` applies a gradient node (``TanhGrad``), the array
        form calls that node's forward computation on the arrays; where ``backward``
        is written with operators, the array form is the same operators on the arrays.
        A function of
        one input and one output whose gradient is such a computation declares it as
        ``gradient_kernel`` instead, and the array form is derived from it (no call to
        read what was retained). The array form stands for the ``backward`` of its own
        class: a subclass that overrides ``backward`` (or defines
        ``backward_accumulate``) has none unless it defines one too.
    ``check_type_forward(in_types)``
        Checks the inputs with ``kusari.utils.type_check`` before ``forward``, when
        ``config.type_check`` is on; called only for classes that define it.
    ``backward_accumulate(target_input_indexes, grad_outputs, grad_inputs)``
        ``backward`` plus the gradients already accumulated for the targets, for a
        function that can add them more cheaply itself.
    ``label``
        The name that graphs and messages show (the class name by default).
    ``gradient_kernel``
        For a function of one input and one output: a static function of the retained
        arrays (in ``get_retained_arrays()``'s order) and the output gradient giving
        the input gradient. The class's ``backward_arrays`` is derived from it, and a
        static graph's backward calls it directly.
    ``replay_kernel(inputs)`` (read by ``static_graph``)
        Given a forward's input arrays, a function computing its one output from such
        arrays with no effect on the node (or None), which a static graph's replay
        calls instead of ``forward``.
    """

    inputs: typing.Any = None    # tuple of VariableNode, set when the node enters a graph
    outputs: typing.Any = None   # tuple of weak references to the output VariableNodes
    rank = 0
    stack = None
    _input_indexes_to_retain: typing.Sequence[int] | None = None
    _output_indexes_to_retain: typing.Sequence[int] | None = None
    _retained_output_data: typing.Any = None
    _local_function_hooks = None
    _checks_types = False  # whether the class defines check_type_forward
    # whether apply takes _forward_with_checks for this node: it checks types or has (had)
    # hooks of its own; one test for both saves 300 instructions per apply
    _forward_checked = False
    _accumulates = False  # whether the class overrides backward_accumulate
    backward_arrays = None  # the optional array form (see above)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._checks_types = cls._forward_checked = (
            _defining_class(cls, 'check_type_forward') is not FunctionNode)
        if 'gradient_kernel' in vars(cls) and 'backward_arrays' not in vars(cls):
            cls.backward_arrays = _array_form_of_kernel(cls.gradient_kernel,
                                                        cls._input_indexes_to_retain)
        # backward_arrays stands in for the backward of its own class only: a subclass
        # that overrides backward is differentiated by it
        cls._accumulates = _defining_class(cls, 'backward_accumulate') is not FunctionNode
        if (_defining_class(cls, 'backward_arrays') is not _defining_class(cls, 'backward')
                or cls._accumulates):
            cls.backward_arrays = None

    @property
    def label(self):
        return type(self).__name__

    @property
    def _impl_name(self):
        # The implementing class's name (what profiling hooks report).
        return type(self).__name__

    @property
    def local_function_hooks(self):
        if self._local_function_hooks is None:
            global _local_hooks_ever
            _local_hooks_ever = True
            self._local_function_hooks = {}
            self._forward_checked = True
        return self._local_function_hooks

    @property
    def output_data(self):
        """The retained output arrays (None where not retained)."""
        if self._retained_output_data is None:
            raise RuntimeError('retained output data is gone')
        out = [None] * len(self.outputs)
        for index, data in zip(self._output_indexes_to_retain, self._retained_output_data):
            out[index] = data
        return tuple(out)

    def __call__(self, *args, **kwargs):
        raise TypeError('FunctionNode objects are not callable; use {}().apply(inputs)'
                        .format(type(self).__name__))

    def apply(self, inputs: typing.Sequence[typing.Any]) -> tuple[Variable, ...]:
        """Run forward on the inputs and record the graph if a gradient is needed.

        Args:
            inputs: a tuple of Variables and/or arrays.

        Returns:
            A tuple of output Variables.
        """
        in_data: typing.Any  # a tuple of arrays, built as a list for several inputs
        input_nodes: typing.Any
        # This is the hot path of every operation. Features that are off (device checks,
        # type checks, hooks, debug) cost one test together; they run in
        # _forward_with_checks. The counts in the comments are what each shortcut saves
        # per F.tanh of benchmarks/instructions.py (inference: 12,100 instructions an op,
        # forward + backward: 42,300), measured against the plain code.
        if len(inputs) == 1:  # the most common case, without a loop: 850
            x = inputs[0]
            if isinstance(x, Variable):
                in_data = x._array,
                requires_grad = x._requires_grad
            else:
                in_data = x,
                requires_grad = False
            devices = False  # one input is on one device: no device check (280)
        else:
            requires_grad = False
            in_data = []
            for x in inputs:
                if isinstance(x, Variable):
                    in_data.append(x._array)
                    if x._requires_grad:
                        requires_grad = True
                else:
                    in_data.append(x)
            in_data = tuple(in_data)
            devices = 'cupy' in _modules  # inputs on several devices are refused
        # (_debug_ever_on: no read of the thread-local debug flag until it is set: 580)
        if (_function_hooks or self._forward_checked or devices
                or _debug_ever_on and config.debug):
            outputs = self._forward_with_checks(in_data)
        else:
            outputs = self.forward(in_data)
            # one output array needs no normalizing: 1,240
            if type(outputs) is not tuple or len(outputs) != 1 or type(outputs[0]) is not _ndarray:
                outputs = _checks.normalize_outputs(self, outputs)

        if not (_backprop_everywhere or config.enable_backprop):  # (see LocalConfig: 600)
            if len(outputs) == 1:
                var = _object_new(Variable)  # Variable._new inlined: 370
                var._array = outputs[0]
                var._requires_grad = requires_grad
                return var,
            return tuple([_new_variable(y, requires_grad) for y in outputs])

        # Record the graph (as Chainer does, also when no input requires a gradient):
        # inputs strongly, outputs weakly, ranks for the scheduler.
        if len(inputs) == 1:  # then x is the input (a Variable if it requires grad): 1,000
            if not requires_grad and not isinstance(x, Variable):
                x = _new_variable(x, False)
            input_node = x._node
            if input_node is None:
                input_node = x.node
            rank = input_node.rank
            input_nodes = input_node,
        else:
            input_nodes = []
            rank = 0
            for x in inputs:
                if not isinstance(x, Variable):
                    x = _new_variable(x, False)
                input_node = x._node
                if input_node is None:
                    input_node = x.node
                if input_node.rank > rank:
                    rank = input_node.rank
                input_nodes.append(input_node)
            input_nodes = tuple(input_nodes)
        self.rank = rank
        self.inputs = input_nodes

        out_rank = rank + 1
        # one output needs no list: its Variable and reference are made into tuples (500)
        many: list | None = [] if len(outputs) != 1 else None
        for y in outputs:
            var = _object_new(Variable)  # Variable._new inlined: 450
            var._array = y
            var._requires_grad = requires_grad
            # VariableNode.__init__'s fields, set here: 1,100
            node = _object_new(VariableNode)
            node._variable = _weakref(var)
            node.creator_node = self
            node.data = None
            node.name = None
            node.rank = out_rank
            node.requires_grad = requires_grad
            node.dtype = y.dtype
            node.shape = y.shape
            var._node = node
            if many is not None:
                many.append(var)
        if many is None:  # (the reference: 1,700 against a comprehension)
            ret, self.outputs = (var,), (_weakref(node),)
        else:
            ret = tuple(many)
            self.outputs = tuple([_weakref(var._node) for var in ret])

        retain = self._input_indexes_to_retain
        if retain is not None:
            for index in retain:
                input_nodes[index].data = in_data[index]
        retain = self._output_indexes_to_retain
        if retain:  # one output: forward's tuple kept as it is (2,200)
            self._retained_output_data = (
                outputs if many is None else tuple([outputs[index] for index in retain]))
        return ret

    def _forward_with_checks(self, in_data):
        """forward() with what the fast path of apply leaves out when it is off."""
        if 'cupy' in _modules:
            _checks.check_same_device(self, in_data)
        if self._checks_types and config.type_check:
            _checks.check_types(self, in_data, _type_check)
        hooks = (_function_hooks or self._local_function_hooks) and self._all_hooks()
        for hook in hooks or ():
            hook.forward_preprocess(self, in_data)
        debug = config.debug
        if debug:
            self.stack = traceback.extract_stack()[:-2]
        outputs = _checks.normalize_outputs(self, self.forward(in_data))
        for hook in hooks or ():
            hook.forward_postprocess(self, in_data)
        if debug:
            _checks.check_finite(self, outputs, 'forward')
        return outputs

    def forward(self, inputs: tuple[types.NdArray, ...]) -> tuple[types.NdArray, ...]:
        """Compute outputs from input arrays; dispatches to forward_cpu/forward_gpu."""
        if isinstance(inputs[0] if inputs else None, numpy.ndarray) or not inputs:
            return self.forward_cpu(inputs)
        return self.forward_gpu(inputs)

    def forward_cpu(self, inputs):
        raise NotImplementedError('{} implements no CPU forward'.format(self.label))

    def forward_gpu(self, inputs):
        raise NotImplementedError('{} implements no GPU forward'.format(self.label))

    check_type_forward = _checks.TypeCheckMethod()

    def _all_hooks(self):
        hooks = list(_function_hooks.values())
        if self._local_function_hooks:
            hooks.extend(self._local_function_hooks.values())
        return hooks

    def retain_inputs(self, indexes: typing.Sequence[int]) -> None:
        """Keep the input arrays at ``indexes`` for backward (call within forward; a
        class that always keeps the same ones declares ``_input_indexes_to_retain``)."""
        self._input_indexes_to_retain = indexes

    def retain_outputs(self, indexes: typing.Sequence[int]) -> None:
        """Keep the output arrays at ``indexes`` for backward (call within forward; a
        class that always keeps the same ones declares ``_output_indexes_to_retain``)."""
        self._output_indexes_to_retain = indexes

    def get_retained_inputs(self) -> tuple[Variable | None, ...]:
        """The retained inputs as Variables, in the order retention names them (None for
        an input that was None)."""
        inputs = self.inputs
        return tuple([None if inputs[index].data is None else inputs[index].get_variable()
                      for index in self._input_indexes_to_retain or ()])

    def get_retained_outputs(self) -> tuple[Variable | None, ...]:
        """The retained outputs as Variables, re-attached to this node if freed."""
        indexes = self._output_indexes_to_retain
        if not indexes:
            return ()
        data = self.output_data  # (raises if released)
        return tuple([self._retained_output(index, data[index]) for index in indexes])

    def get_retained_arrays(self) -> tuple[types.NdArray | None, ...]:
        """The retained arrays, for ``backward_arrays``: the retained inputs' then the
        retained outputs', each in the order retention names them (the arrays of
        ``get_retained_inputs() + get_retained_outputs()``)."""
        outputs = self._retained_output_data
        # the two shortcuts below save 1,700 instructions a call together (valgrind, the
        # backward of linear, Mul and Div): the call costs them 2,000 more than reading the
        # input nodes' data directly would
        if outputs is None:  # none retained, or released
            outputs = self.get_retained_outputs() if self._output_indexes_to_retain else ()
        indexes = self._input_indexes_to_retain
        if not indexes:
            return outputs
        inputs = self.inputs
        if len(indexes) == 2 and not outputs:  # Mul, Div, Linear: no loop
            return inputs[indexes[0]].data, inputs[indexes[1]].data
        arrays = []  # a loop: a comprehension would build a closure, a per-op cost
        for index in indexes:
            arrays.append(inputs[index].data)
        return tuple(arrays) + outputs

    def _retained_output(self, index, data):
        outputs = self.outputs
        node = outputs[index]()
        if node is None:  # nobody holds the output node: make a new one
            var = _new_variable(data, True)
            node = var.node
            node.creator_node = self
            node.rank = self.rank + 1
            self.outputs = outputs[:index] + (_weakref(node),) + outputs[index + 1:]
            return var
        var = node._variable()
        if var is None:  # the user dropped the output Variable
            var = _new_variable(data, node.requires_grad)
            var._node = node
        elif var._array is None:
            var._array = data
        return var

    def backward(self, target_input_indexes: tuple[int, ...],
                 grad_outputs: tuple[Variable | None, ...]) -> tuple[Variable | None, ...]:
        """Gradients (Variables or None) for the inputs at ``target_input_indexes``."""
        return (None,) * len(target_input_indexes)

    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        """Like backward, but adds the result to ``grad_inputs`` (existing gradients)."""
        gxs = self.backward(target_input_indexes, grad_outputs)
        if len(gxs) != len(target_input_indexes):
            gxs = _checks.select_target_grads(self, gxs, target_input_indexes)
        return tuple(gx if g is None else g if gx is None else g + gx
                     for gx, g in zip(gxs, grad_inputs))

    def unchain(self):
        """Drop references to inputs and retained data."""
        for ref in self.outputs or ():
            node = ref()
            if node is not None:
                node.unchain()
        self.inputs = None
        self._retained_output_data = None

    def add_hook(self, hook, name=None):
        name = hook.name if name is None else name
        if name in self.local_function_hooks:
            raise KeyError('hook {} already exists'.format(name))
        self._local_function_hooks[name] = hook
        hook.added(self)

    def delete_hook(self, name):
        self.local_function_hooks.pop(name).deleted(self)



def _array_form_of_kernel(kernel, retains_inputs):
    """The array form of a function that declares ``gradient_kernel``, which it calls
    as a closure's (a static method read through the node: 160 instructions)."""
    if retains_inputs:
        return lambda node, indexes, grad_outputs: (
            kernel(*node.get_retained_arrays(), grad_outputs[0]),)
    # the usual case, y alone retained, read without a call (one costs +0.6% of a tanh step)
    return lambda node, indexes, grad_outputs: (
        kernel(node._retained_output_data[0], grad_outputs[0]),)


# ---------------------------------------------------------------------------
# 3. Backprop
# ---------------------------------------------------------------------------

def _backprop(grads, input_nodes, retain_grad, loss_scale):
    """Propagate gradients from ``grads`` (node -> gradient Variable) to the leaves.

    Functions are popped from one heap in decreasing rank, which is a valid reverse
    topological order for any DAG: a function's rank exceeds that of every function
    that produced its inputs, so every consumer of a variable is processed before its
    creator and the variable's gradient is complete by then. Each output gradient is
    dropped as soon as it has been passed on.

    In backward() without double backprop or retain_grad the gradients travel as
    arrays, and a Variable is made only for what takes or gives one: a backward of the
    graph form, a leaf's gradient (a Variable per gradient: 1,700 instructions).

    Args:
        grads: dict mapping output VariableNodes to their gradient Variables.
        input_nodes: for ``grad()``, the nodes whose gradients are wanted (their
            gradient is captured when complete and leaves are left alone); None for
            ``backward()``, which accumulates into every reachable leaf variable.
        retain_grad: also store gradients in intermediate variables.
        loss_scale: recorded on leaf parameters so the optimizer can unscale.

    Returns:
        For ``grad()``, a dict from the wanted nodes to their gradients.
    """
    heap = []
    seen = set()
    captured = {} if input_nodes is not None else None
    hooks_on = bool(_function_hooks)
    debug, double = config.debug, config.enable_backprop
    # backward_arrays skips the functions backward would call; global hooks must see them
    graph_backward = double or hooks_on
    # the gradients as they travel: arrays, or Variables where those are handed out
    as_arrays = not (double or retain_grad or captured is not None)
    grads = {node: g._array for node, g in grads.items()} if as_arrays else grads
    # The counts in the comments are what each shortcut saves per F.tanh in the forward +
    # backward of benchmarks/instructions.py (42,300 instructions an op), measured against
    # the plain code. Locals for the heap functions: 100.
    heappush, heappop = heapq.heappush, heapq.heappop

    for node in list(grads):
        func = node.creator_node
        if func is not None and func not in seen:
            seen.add(func)
            heappush(heap, (-func.rank, len(seen), func))

    # While one function alone is left to run (a chain's case), it waits in `single`, out
    # of the heap, with the order number the heap would give it: no heap operations, 1,000
    single = None
    while heap or single is not None:
        if single is None:
            func = heappop(heap)[2]
        else:
            func, single = single, None
        outputs = func.outputs
        if len(outputs) == 1 and captured is None and not retain_grad:  # usual case: 3,400
            node = outputs[0]()
            gy = None if node is None else grads.pop(node, None)
            if gy is None:
                continue
            gys = gy,
        else:
            gys = _pop_output_grads(outputs, grads, captured, input_nodes, retain_grad)
            if gys is None:
                continue
        inputs = func.inputs
        if inputs is None:
            raise RuntimeError('{} was unchained; cannot backprop through it'.format(func.label))
        if len(inputs) == 1:  # without a comprehension: 2,700
            targets = (0,) if inputs[0].requires_grad else ()
        else:
            targets = tuple([i for i, x in enumerate(inputs) if x.requires_grad])
        if not targets:
            continue
        hooks = (hooks_on or _local_hooks_ever and func._local_function_hooks) and func._all_hooks()
        if hooks:
            # Hooks see arrays, as Chainer's do.
            in_data = tuple([x.data for x in inputs])
            gy_arrays = gys if as_arrays else _arrays_of(gys)
            for hook in hooks:
                hook.backward_preprocess(func, in_data, gy_arrays)
        try:  # (free unless it raises)
            # (the class's attribute: through the node it builds a bound method, 250)
            graph_form = graph_backward or type(func).backward_arrays is None
            if graph_form:
                if as_arrays:  # the graph form takes Variables
                    gys = tuple([None if gy is None else _new_variable(gy, True) for gy in gys])
                if func._accumulates:  # it adds the gradients it takes out of grads itself
                    gxs = _backward_accumulate(func, targets, gys, grads, as_arrays)
                else:
                    gxs = func.backward(targets, gys)
            else:  # no node and Variable per gradient: 11,400
                gxs = func.backward_arrays(targets, gys if as_arrays else _arrays_of(gys))
        except Exception as error:
            _checks.add_creation_stack(func, error)  # in debug mode, where func was made
            raise
        if len(gxs) != len(targets):
            gxs = _checks.select_target_grads(func, gxs, targets)
        if hooks:
            for hook in hooks:
                hook.backward_postprocess(func, in_data, gy_arrays)
        if debug:
            _checks.check_grads_in_debug_mode(func, gxs, graph_form)
        for index, gx in zip(targets, gxs):
            if gx is None:
                continue
            if not as_arrays:
                if type(gx) is not Variable:
                    gx = _as_grad_variable(gx)
                array = gx._array
            elif type(gx) is _ndarray:  # what backward_arrays gives
                array = gx
            else:
                gx = array = _as_grad_variable(gx)._array
            x = inputs[index]
            # check_grad only where something differs (equal dtypes need not be one object):
            if array.shape != x.shape or array.dtype is not x.dtype:  # 1,400
                _checks.check_grad(func, index, x, array)
            g = grads.get(x)
            if g is None:
                grads[x] = gx
            elif double:
                grads[x] = g + gx
            elif as_arrays:
                grads[x] = sum_gradient_arrays(g, gx)
            else:
                grads[x] = _new_variable(sum_gradient_arrays(g._array, array), True)
            creator = x.creator_node
            if creator is not None and creator not in seen:
                seen.add(creator)  # equal ranks: first reached, first run (as Chainer)
                if single is None and not heap:
                    single, single_order = creator, len(seen)
                    continue
                if single is not None:
                    heappush(heap, (-single.rank, single_order, single))
                    single = None
                heappush(heap, (-creator.rank, len(seen), creator))
        del gxs, gys

    if captured is not None:
        for node, g in grads.items():  # wanted nodes that are leaves or outputs
            if node in input_nodes and node not in captured:
                captured[node] = g
        return captured
    grads = {node: _new_variable(g, True) for node, g in grads.items()} if as_arrays else grads
    owned = set()
    for node, g in grads.items():
        if node.creator_node is not None or not node.requires_grad:
            continue
        var = node._variable()
        if var is None:
            continue
        if loss_scale is not None:
            var._loss_scale = loss_scale
        old = var._grad_var
        if old is None:
            if not double:
                g = _owned_gradient(g, owned)
            var._grad_var = g
        elif double:
            var._grad_var = old + g
        else:
            var._grad_var = _new_variable(sum_gradient_arrays(old._array, g._array), True)
    return None


def _backward_accumulate(func, targets, gys, grads, as_arrays):
    """Call an overridden backward_accumulate with the gradients gathered so far for
    the targets, taken out of ``grads`` (as Variables, where ``grads`` holds arrays);
    an input given at several positions gets its gradient at the first one only (as in
    Chainer)."""
    given = []
    for position, index in enumerate(targets):
        node = func.inputs[index]
        taken = any(func.inputs[i] is node for i in targets[:position])
        g = None if taken else grads.pop(node, None)
        given.append(_new_variable(g, True) if as_arrays and g is not None else g)
    return func.backward_accumulate(targets, gys, tuple(given))


def _arrays_of(variables):
    return tuple([None if var is None else var._array for var in variables])


def _pop_output_grads(outputs, grads, captured, input_nodes, retain_grad):
    """The gradients of a function's outputs (None where there is none), taken out of
    ``grads``; captured for grad() and stored by retain_grad. None if all are None."""
    gys = []
    found = False
    for ref in outputs:
        node = ref()
        # an unchained output (no creator any more) passes nothing back to the function
        gy = None if node is None or node.creator_node is None else grads.pop(node, None)
        gys.append(gy)
        if gy is None:
            continue
        found = True
        if captured is not None and node in input_nodes:
            captured[node] = gy
        if retain_grad:
            var = node._variable()
            if var is not None:
                var._grad_var = gy
    return tuple(gys) if found else None


def _array_of(value):
    """``value``, a NumPy scalar made a 0-d array: NumPy operations on 0-d arrays give
    scalars, and forward outputs and gradients must be arrays."""
    return numpy.asarray(value) if isinstance(value, numpy.generic) else value


def _owned_gradient(g, owned):
    """``g``, or a copy of it, such that the leaf owns its gradient array.

    Backward may hand out read-only broadcast views, views of other arrays, or one
    array for several inputs (``a + b``); optimizers and hooks update gradients in
    place, so each leaf gets a writable array of its own.
    """
    array = g._array
    # (CuPy's flags have no writeable: a device array is always writable)
    if (array.base is not None or id(array) in owned
            or isinstance(array, numpy.ndarray) and not array.flags.writeable):
        array = array.copy(order='K')  # keep the memory layout backward chose
        g = _new_variable(array, True)
    owned.add(id(array))
    return g


def _as_grad_variable(gx):
    if isinstance(gx, Variable):
        return gx
    gx = _array_of(gx)
    _check_array(gx, 'a gradient returned by backward')
    return _new_variable(gx, True)


def _check_variables(values, caller, what):
    for value in values:
        if not isinstance(value, Variable):
            raise TypeError('{}: {} must be Variables, not {}'.format(
                caller, what, type(value).__name__))
    return values


def _initial_grads(outputs, grad_outputs, caller, loss_scale=None):
    """The starting gradients, node -> Variable; ones where none is given."""
    grads = {}
    for y, gy in zip(_check_variables(outputs, caller, 'outputs'), grad_outputs):
        if gy is None:
            gy = Variable._new(y.xp.ones_like(y._array), True)
            if loss_scale is not None:
                gy._array *= loss_scale
        elif not isinstance(gy, Variable):
            gy = Variable._new(gy, True)
        node = y.node
        grads[node] = gy if node not in grads else grads[node] + gy
    return grads


# ---------------------------------------------------------------------------
# 4. Seams: how kusari.graph_optimizations enters the core
# ---------------------------------------------------------------------------
# A static schedule traces the functions a chain applies, replays their forward on arrays
# and runs their backward in backprop's order, summing gradients as backprop does. What it
# needs of the core is named here, so that the core can change behind these names.

# The attributes that apply and retain_inputs/retain_outputs set on a node: its links in a
# graph, not state of its computation (a trace tells the two apart).
GRAPH_ATTRIBUTES = frozenset(['rank', 'inputs', 'outputs', 'stack', '_retained_output_data',
                              '_input_indexes_to_retain', '_output_indexes_to_retain'])

_unobserved_apply = FunctionNode.apply
_apply_observers: dict[int, typing.Any] = {}  # thread id -> its observer
_apply_observers_lock = threading.Lock()


def _observed_apply(node, inputs):
    observer = _apply_observers.get(threading.get_ident())
    if observer is None:  # a thread that observes nothing
        return _unobserved_apply(node, inputs)
    return observer(node, inputs, _unobserved_apply)


@contextlib.contextmanager
def observe_apply(observer):
    """Within the block, ``FunctionNode.apply(node, inputs)`` in this thread returns
    ``observer(node, inputs, apply)``, ``apply`` being the usual one (which the observer
    calls). Other threads apply as usual.

    While any thread observes, ``apply`` is replaced on the class, and put back when none
    does: a test in apply, the hot path of every operation, would tax every call.
    """
    thread = threading.get_ident()
    with _apply_observers_lock:
        outer = _apply_observers.get(thread)
        _apply_observers[thread] = observer
        FunctionNode.apply = _observed_apply  # type: ignore[method-assign]
    try:
        yield
    finally:
        with _apply_observers_lock:
            if outer is None:
                del _apply_observers[thread]
            else:
                _apply_observers[thread] = outer
            if not _apply_observers:
                FunctionNode.apply = _unobserved_apply  # type: ignore[method-assign]


def call_forward(node, inputs):
    """``node.forward(inputs)`` on arrays, its outputs checked and normalized as apply
    does, without recording anything."""
    return _checks.normalize_outputs(node, node.forward(tuple(inputs)))


def retained_indexes(node):
    """The indexes of the inputs and of the outputs that ``node`` retains (None: none)."""
    return node._input_indexes_to_retain, node._output_indexes_to_retain


def set_retained_outputs(node, arrays):
    """Give ``node`` the arrays of its retained outputs, in order, as apply does."""
    node._retained_output_data = tuple(arrays)


def graph_leaf(shape, dtype, data=None, standing_for=None):
    """A VariableNode without a creator or a Variable of its own, for a graph built
    outside apply: it requires no gradient, holds ``data`` as retained; ``standing_for``
    (a VariableNode) lends it its Variable, rank and requires_grad."""
    node = _object_new(VariableNode)
    node._variable = _no_variable if standing_for is None else standing_for._variable
    node.creator_node = None
    node.data = data
    node.name = None
    node.rank = 0 if standing_for is None else standing_for.rank
    node.requires_grad = False if standing_for is None else standing_for.requires_grad
    node.dtype = dtype
    node.shape = shape
    return node


def _no_variable():
    return None


class _OrderProbe(FunctionNode):
    """Stands for a function of a graph built outside apply, in ``backprop_order``: its
    backward notes the function and passes zero gradients on; hooks do not see it."""

    def __init__(self, function, rank, order):
        self.function, self.rank, self.order = function, rank, order
        self.outputs = ()

    def backward(self, indexes, grad_outputs):
        self.order.append(self.function)
        return (_new_variable(numpy.zeros(()), True),) * len(indexes)

    def _all_hooks(self):
        return ()


def _probe_node(creator=None):
    """A node of ``backprop_order``'s probes: an output of ``creator`` (a probe), or a leaf."""
    node = graph_leaf((), numpy.dtype(numpy.float64))
    node.requires_grad = True
    if creator is not None:
        node.creator_node = creator
        creator.outputs += (_weakref(node),)
    return node


def backprop_order(functions, rank, inputs_reached):
    """The functions of a graph in the order backprop runs them, from ``functions`` (the
    creators of the outputs, in order), ``rank(function)`` giving a function's rank and
    ``inputs_reached(function)`` the creators its backward passes gradients to, in its
    inputs' order. Asked of ``_backprop`` itself, run on probes standing for the functions,
    so that there is one rule: the highest rank first, equal ranks in the order reached.
    """
    order = []
    probes = {}
    pending = list(functions)
    while pending:
        function = pending.pop()
        if function not in probes:
            probes[function] = _OrderProbe(function, rank(function), order)
            pending.extend(inputs_reached(function))
    for function, probe in probes.items():
        # (a leaf input last, so that every probe has a target and runs)
        probe.inputs = tuple([_probe_node(probes[creator]) for creator
                              in inputs_reached(function)] + [_probe_node()])
    grads = {_probe_node(probes[function]): _new_variable(numpy.zeros(()), True)
             for function in functions}
    _backprop(grads, None, False, None)
    return order


def backprop_to(grads, nodes):
    """Backprop from ``grads`` (a dict from VariableNodes to their gradient Variables) to
    ``nodes``, as ``grad()`` does: their gradients (None where none reaches them)."""
    captured = _backprop(grads, set(nodes), False, None)
    return [captured.get(node) for node in nodes]


def sum_gradient_arrays(g, gx):
    """Backprop's accumulation rule on arrays: the gradient gathered so far for a
    variable plus another one, as an array (NumPy gives scalars for 0-d sums)."""
    return _array_of(g + gx)
