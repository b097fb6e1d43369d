"""What a static schedule is made of (see :mod:`kusari.graph_optimizations.static_graph`):
the arguments of a call flattened to arrays, and the steps that replay the functions
a trace recorded, each reading and writing numbered *slots* of arrays."""

import weakref

import numpy

from kusari import backend, core

_object_new = object.__new__
_ndarray = numpy.ndarray


def _is_array(value):
    return type(value) is _ndarray or backend.is_array_supported(value)


# ---------------------------------------------------------------------------
# Arguments: nested lists and tuples of Variables and arrays, plus hashable constants
# ---------------------------------------------------------------------------

_LEAF = object()


def _flatten(obj, leaves):
    """The structure of ``obj`` (hashable) with each Variable or array, appended to
    ``leaves``, as ``_LEAF``."""
    if isinstance(obj, core.Variable) or _is_array(obj):
        leaves.append(obj)
        return _LEAF
    if type(obj) is list or type(obj) is tuple:
        return type(obj), tuple([_flatten(item, leaves) for item in obj])
    if type(obj) is dict:
        return dict, tuple([(key, _flatten(obj[key], leaves)) for key in sorted(obj)])
    try:
        hash(obj)
    except TypeError:
        raise TypeError('static_graph: the arguments and results of a static chain must be '
                        'Variables, arrays, lists, tuples or dicts of them, or hashable '
                        'constants; got {}'.format(type(obj).__name__)) from None
    return obj


def _unflatten(structure, leaves):
    return _rebuild(structure, iter(leaves))


def _rebuild(structure, leaves):
    if structure is _LEAF:
        return next(leaves)
    if type(structure) is tuple and len(structure) == 2:
        kind, items = structure
        if kind is list or kind is tuple:
            return kind([_rebuild(item, leaves) for item in items])
        if kind is dict:
            return {key: _rebuild(item, leaves) for key, item in items}
    return structure


def _aliasing(arrays):
    """Which arguments are one array (the trace maps arrays to slots by identity, so a
    schedule traced with ``f(h, h)`` serves only calls passing one array twice)."""
    first = {}
    pattern = tuple([first.setdefault(id(a), index) for index, a in enumerate(arrays)])
    return (pattern,) if len(first) < len(arrays) else ()


def _array_of(leaf):
    return leaf._array if isinstance(leaf, core.Variable) else leaf


# ---------------------------------------------------------------------------
# Steps: what a replay runs
# ---------------------------------------------------------------------------

class _NodeStep:
    """Replays one function: its forward on a fresh copy of the node."""

    def __init__(self, node, pre_state, in_slots, out_slots, exports, imports, stateless,
                 in_graph, kernel):
        self.cls = type(node)
        self.pre_state = pre_state
        self.in_slots = in_slots
        self.out_slots = out_slots
        self.exports = exports  # (attribute, slot): arrays forward stores on the node
        self.imports = imports  # (attribute, slot): arrays of the call given to __init__
        self.in_graph = in_graph  # applied (not a bare forward via static_code)
        # what the traced forward retained (retain_inputs/retain_outputs may be called
        # in forward, so a copy of the node before it does not know)
        self.retain_in, self.retain_out = core.retained_indexes(node)
        self.has_backward_arrays = self.cls.backward_arrays is not None
        # A node whose forward changes nothing on it can be shared by all calls.
        self.shared = self.new_node() if stateless and not imports else None
        # its forward as one array function, called without the node (see _kernel_of)
        self.kernel = kernel if self.shared is not None else None
        # ``gradient_kernel(*retained arrays, gy)``: the input gradient of a function of
        # one input and one output as one array function (see _generate_backward)
        self.gradient_kernel = None
        if self.shared is not None and len(in_slots) == 1 and len(out_slots) == 1:
            self.gradient_kernel = getattr(self.cls, 'gradient_kernel', None)

    def remap(self, new_slot):
        self.in_slots = tuple([new_slot[s] for s in self.in_slots])
        self.out_slots = tuple([new_slot[s] for s in self.out_slots])
        self.exports = [(key, new_slot[s]) for key, s in self.exports]
        self.imports = [(key, new_slot[s]) for key, s in self.imports]

    def retained_slots(self):
        retained = [self.in_slots[i] for i in self.retain_in or ()]
        return retained + [self.out_slots[i] for i in self.retain_out or ()]

    def new_node(self, imported=()):
        """A fresh node as it was before the traced forward; ``imported``: the call's
        arrays for ``imports``, in order."""
        node = _object_new(self.cls)
        state = node.__dict__
        state.update(self.pre_state)
        for (key, _), array in zip(self.imports, imported):
            state[key] = array
        return node

    def graph_node(self, node, slots):
        """A node of this step for a graph of its own: a copy of the one forward ran
        on, which knows what forward retained."""
        copy = _object_new(self.cls)
        copy.__dict__.update(node.__dict__)
        if self.retain_in is not None:
            copy.retain_inputs(self.retain_in)
        if self.retain_out is not None:
            copy.retain_outputs(self.retain_out)
        return copy

    def link(self, node, slots, nodes, meta):
        """Link ``node`` into a graph as apply does: ``nodes`` holds each slot's
        VariableNode, ``meta`` each slot's (shape, dtype)."""
        in_nodes = []
        requires_grad = False
        rank = 0
        for s in self.in_slots:
            var_node = nodes[s]
            if var_node is None:
                var_node = nodes[s] = core.graph_leaf(*meta[s], data=slots[s])
            if var_node.requires_grad:
                requires_grad = True
            if var_node.rank > rank:
                rank = var_node.rank
            in_nodes.append(var_node)
        if not requires_grad:
            return
        node.rank = rank
        node.inputs = in_nodes = tuple(in_nodes)
        refs = []
        for s in self.out_slots:
            var_node = nodes[s] = core.graph_leaf(*meta[s])
            var_node.set_creator_node(node)
            var_node.requires_grad = True
            refs.append(weakref.ref(var_node))
        node.outputs = tuple(refs)
        retain_in, retain_out = core.retained_indexes(node)
        for index in retain_in or ():
            in_nodes[index].data = slots[self.in_slots[index]]
        if retain_out:
            core.set_retained_outputs(node, [slots[self.out_slots[i]] for i in retain_out])

    def describe(self):
        return '{}: slots {} -> {}'.format(self.cls.__name__, list(self.in_slots),
                                          list(self.out_slots))


class _CodeStep:
    """Replays a ``static_code`` call with the arrays of the current call."""

    in_graph = False
    shared = None

    def __init__(self, func, args, kwargs, substitutions, out_slots, func_name):
        self.func = func
        self.args = args
        self.kwargs = kwargs
        # (place, slot): place is (key,) or (key, index) into args (int keys) or kwargs
        self.substitutions = substitutions
        self.out_slots = out_slots
        self.func_name = func_name

    def remap(self, new_slot):
        self.substitutions = [(place, new_slot[s]) for place, s in self.substitutions]
        self.out_slots = tuple([new_slot[s] for s in self.out_slots])

    def retained_slots(self):
        return []

    def call(self, *arrays):
        """Call the function with ``arrays`` in the places of ``substitutions``."""
        args = list(self.args)
        kwargs = dict(self.kwargs)
        for (place, _), array in zip(self.substitutions, arrays):
            container = args if type(place[0]) is int else kwargs
            if len(place) == 1:
                container[place[0]] = array
            else:
                items = container[place[0]] = list(container[place[0]])
                items[place[1]] = array
        return self.func(*args, **kwargs)

    def describe(self):
        return 'static_code {}'.format(self.func_name or getattr(self.func, '__name__', self.func))


def _kernel_of(node, in_arrays, out_arrays):
    """The function's ``replay_kernel`` for these arrays, when there is one and it gives
    the traced output's type, shape and dtype.

    A function node may define ``replay_kernel(inputs)``: given the input arrays of a
    forward that passed its checks, a function computing its one output from arrays
    of the same kinds, with no effect on the node (or None). A replay calls it instead
    of a bound ``forward``: the checks, done once when tracing, and the tuples around
    the arrays are what a small function costs beyond its arithmetic.
    """
    make = getattr(node, 'replay_kernel', None)
    if make is None or len(out_arrays) != 1:
        return None
    kernel = make(tuple(in_arrays))
    if kernel is None:
        return None
    y, = out_arrays
    result = kernel(*in_arrays)
    if type(result) is not type(y) and not (y.ndim == 0 and numpy.isscalar(result)):
        return None
    return kernel if result.dtype == y.dtype and result.shape == y.shape else None
