"""Static subgraph optimization: ``@static_graph`` on a chain's ``__call__``.

The first call of a kind (same argument shapes and dtypes, ``config.train`` and
``config.enable_backprop``) runs the chain define-by-run while a *trace* records every
function applied, with its input and output arrays as numbered *slots*: the call's
arrays, parameters (read again on every call, so in-place updates, copies and
loading work), constants, and the arrays computed inside. Later calls of that kind
*replay* the schedule: each recorded function's ``forward`` runs on arrays, on a fresh
copy of the node as it was before its traced forward (so dropout draws a new mask and
nothing of one call leaks into another), without Variables or per-op checks. The
outputs come from one :class:`StaticScheduleFunction` node whose inputs are the call's
arrays and the parameters; when a gradient is needed the replay also links the copies
into a graph of their own, and that node's backward runs kusari's backprop over it, so
gradients (and double backprop) are computed by the same functions, in the same order,
as define-by-run.

Tracing sees functions through ``FunctionNode.apply``, swapped on the class for a
recording version while a trace runs: apply is the hot path of every operation, and
testing a flag there would tax every define-by-run call.
"""

import functools
import heapq
import threading
import weakref

import numpy

from kusari import _checks, core
from kusari.configuration import config

# Attributes that apply() and retain_inputs/retain_outputs set on a node: graph links,
# not state of the computation.
_GRAPH_KEYS = frozenset(['rank', 'inputs', 'outputs', '_retained_output_data', 'stack',
                         '_input_indexes_to_retain', '_output_indexes_to_retain'])

_object_new = object.__new__
_weakref = weakref.ref
_ndarray = numpy.ndarray
_VariableNode = core.VariableNode
_Variable = core.Variable


def _dead():
    """The ``_variable`` of a node that no user Variable backs."""
    return None


def _is_array(value):
    return type(value) is _ndarray or isinstance(value, core._array_types())


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
# Tracing
# ---------------------------------------------------------------------------

_original_apply = core.FunctionNode.apply
_traces = {}  # thread id -> the trace running in that thread
_traces_lock = threading.Lock()


def _tracing_apply(node, inputs):
    trace = _traces.get(threading.get_ident())
    if trace is None or trace.depth:  # another thread, or a function inside a forward
        return _original_apply(node, inputs)
    pre_state = dict(node.__dict__)
    trace.depth += 1
    try:
        outputs = _original_apply(node, inputs)
    finally:
        trace.depth -= 1
    trace.record_node(node, pre_state, inputs, outputs)
    return outputs


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
        self.retain_in = node._input_indexes_to_retain
        self.retain_out = node._output_indexes_to_retain
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
            copy._input_indexes_to_retain = self.retain_in
        if self.retain_out is not None:
            copy._output_indexes_to_retain = self.retain_out
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
                var_node = nodes[s] = _constant_node(slots[s], *meta[s])
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
            var_node = nodes[s] = _constant_node(None, *meta[s])
            var_node.creator_node = node
            var_node.rank = rank + 1
            var_node.requires_grad = True
            refs.append(_weakref(var_node))
        node.outputs = tuple(refs)
        for index in node._input_indexes_to_retain or ():
            in_nodes[index].data = slots[self.in_slots[index]]
        retain = node._output_indexes_to_retain
        if retain:
            node._retained_output_data = tuple([slots[self.out_slots[i]] for i in retain])

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


def _constant_node(array, shape, dtype):
    """A VariableNode of no Variable and no creator (a leaf, requiring no gradient)."""
    var_node = _object_new(_VariableNode)
    var_node._variable = _dead
    var_node.creator_node = None
    var_node.data = array
    var_node.name = None
    var_node.rank = 0
    var_node.requires_grad = False
    var_node.dtype = dtype
    var_node.shape = shape
    return var_node


class _Trace:
    """Records the schedule of one define-by-run call (``config.schedule_func`` meanwhile)."""

    def __init__(self, input_arrays, verbosity_level):
        self.slot_of = {}   # id(array) -> slot
        self.kinds = []     # per slot: 'input', 'param', 'const' or 'value'
        self.sources = []   # per slot: input index, Variable, constant array, or None
        self.arrays = []    # every array seen: keeps their ids unique during the trace
        self.steps = []
        self.depth = 0
        self.verbosity_level = verbosity_level
        for index, array in enumerate(input_arrays):
            self._new_slot(array, 'input', index)

    def _new_slot(self, array, kind, source):
        slot = len(self.kinds)
        self.kinds.append(kind)
        self.sources.append(source)
        self.slot_of[id(array)] = slot
        self.arrays.append(array)
        return slot

    def slot_for(self, value, user):
        """The slot of a Variable or array given to ``user`` (a description)."""
        if not isinstance(value, core.Variable):
            slot = self.slot_of.get(id(value))
            return self._constant_slot(value, user) if slot is None else slot
        array = value._array
        slot = self.slot_of.get(id(array))
        if slot is not None:
            return slot
        if isinstance(value, core.Parameter) or (value._requires_grad and
                                                 value.creator_node is None):
            # a leaf the gradient reaches: its array is read on every call
            return self._new_slot(array, 'param', value)
        if value._requires_grad:
            raise RuntimeError(
                'static_graph: {} got a Variable computed outside the static chain that is '
                'not one of its arguments (such as a recurrent state kept in an attribute); '
                'a replay could not follow it. Pass it as an argument, or call the chain '
                'with config.use_static_graph = False'.format(user))
        return self._constant_slot(array, user)

    def _constant_slot(self, array, user):
        base = array.base
        while base is not None:
            if id(base) in self.slot_of:
                raise RuntimeError(
                    'static_graph: {} got a view of an array of the static chain (an '
                    'argument, a parameter or a result inside) taken outside kusari '
                    'functions, such as NumPy indexing x[:, t]; a replay would reuse the '
                    'traced view. Index a Variable instead (F.get_item)'.format(user))
            base = base.base
        return self._new_slot(array, 'const', array)

    def record_node(self, node, pre_state, inputs, outputs):
        label = node.label
        in_slots = tuple([self.slot_for(x, label) for x in inputs])
        self._append_node(node, pre_state, in_slots, [y._array for y in outputs], True)

    def _append_node(self, node, pre_state, in_slots, output_arrays, in_graph):
        imports = []
        for key, value in pre_state.items():
            if _is_array(value) and id(value) in self.slot_of:
                imports.append((key, self.slot_of[id(value)]))
        out_slots = tuple([self._new_slot(y, 'value', None) for y in output_arrays])
        exports = []
        stateless = True
        for key, value in node.__dict__.items():
            if key in _GRAPH_KEYS or pre_state.get(key, _LEAF) is value:
                continue
            stateless = False
            if _is_array(value):
                exports.append((key, self._new_slot(value, 'value', None)))
        kernel = _kernel_of(node, [self.arrays[s] for s in in_slots], output_arrays)
        step = _NodeStep(node, pre_state, in_slots, out_slots, exports, imports,
                         stateless, in_graph, kernel)
        self.steps.append(step)
        if self.verbosity_level >= 2:
            print('static_graph: traced', step.describe())

    def append_forward(self, func, inputs):
        """``static_forward_optimizations``: a bare forward, recorded."""
        pre_state = dict(func.__dict__)
        self.depth += 1
        try:
            outputs = func._normalize_outputs(func.forward(inputs))
        finally:
            self.depth -= 1
        if not self.depth:
            in_slots = tuple([self.slot_for(x, func.label) for x in inputs])
            self._append_node(func, pre_state, in_slots, outputs, False)
        return outputs

    def append_function(self, func, args, kwargs, func_name=None):
        """A ``static_code`` call: run it and record it (Chainer's name)."""
        if self.depth:
            return func(*args, **kwargs)
        substitutions = []
        for container in (enumerate(args), kwargs.items()):
            for key, value in container:
                if type(value) is list or type(value) is tuple:
                    for index, item in enumerate(value):
                        if _is_array(item) and id(item) in self.slot_of:
                            substitutions.append(((key, index), self.slot_of[id(item)]))
                elif _is_array(value) and id(value) in self.slot_of:
                    substitutions.append(((key,), self.slot_of[id(value)]))
        self.depth += 1
        try:
            results = func(*args, **kwargs)
        finally:
            self.depth -= 1
        out_slots = ()
        if type(results) is tuple or type(results) is list:
            out_slots = tuple([self._new_slot(y, 'value', None) for y in results
                               if _is_array(y)])
            if len(out_slots) != len(results):
                out_slots = ()  # not all arrays: nothing the schedule can pass on
        self.steps.append(_CodeStep(func, args, kwargs, substitutions, out_slots, func_name))
        return results

    def fingerprint(self, output_leaves):
        """What two traces of a static chain share: the functions, how their inputs and
        outputs connect, which parameters they use (before ``finish`` renumbers)."""
        slots = tuple([id(source) if isinstance(source, core.Parameter) else kind
                       for kind, source in zip(self.kinds, self.sources)])
        steps = tuple([step.describe() for step in self.steps])
        outputs = tuple([self.slot_of.get(id(_array_of(leaf))) for leaf in output_leaves])
        return steps, slots, outputs

    def finish(self, output_leaves):
        """The schedule: slots renumbered inputs, parameters, then the rest."""
        out_slots = [self.slot_for(leaf, 'the static chain') for leaf in output_leaves]
        order = sorted(range(len(self.kinds)), key=lambda s: (
            {'input': 0, 'param': 1}.get(self.kinds[s], 2),
            self.sources[s] if self.kinds[s] == 'input' else s))
        new_slot = [0] * len(order)
        for new, old in enumerate(order):
            new_slot[old] = new
        template = [None] * len(order)
        params = []
        for old in order:
            if self.kinds[old] == 'const':
                template[new_slot[old]] = self.sources[old]
            elif self.kinds[old] == 'param':
                params.append(self.sources[old])
        meta = [None] * len(order)
        for old, array in enumerate(self.arrays):
            meta[new_slot[old]] = (array.shape, array.dtype)
        for step in self.steps:
            step.remap(new_slot)
        out_slots = tuple([new_slot[s] for s in out_slots])
        # what backward reads: the other arrays computed go as soon as a replay ends
        kept = set(out_slots)
        for step in self.steps:
            kept.update(step.retained_slots())
        transient = [new_slot[s] for s, kind in enumerate(self.kinds)
                     if kind == 'value' and new_slot[s] not in kept]
        return StaticSchedule(self.steps, template, params, out_slots, meta, transient)



def _trace_call(func, chain, args, kwargs, input_arrays, verbosity_level):
    """Run ``func`` define-by-run while recording its schedule: (result, trace)."""
    trace = _Trace(input_arrays, verbosity_level)
    thread = threading.get_ident()
    with _traces_lock:
        _traces[thread] = trace
        core.FunctionNode.apply = _tracing_apply
    try:
        with core.using_config('schedule_func', trace):
            result = func(chain, *args, **kwargs)
    finally:
        with _traces_lock:
            del _traces[thread]
            if not _traces:
                core.FunctionNode.apply = _original_apply
    return result, trace


# ---------------------------------------------------------------------------
# Replay
# ---------------------------------------------------------------------------

class StaticSchedule:
    """The traced schedule of one kind of call of a static chain.

    Slots ``0 .. n-1`` hold the call's arrays, then one per parameter (``params``);
    ``template`` holds the constants at their slots, ``meta`` every slot's shape and
    dtype. A replay runs Python code generated from the steps, one statement per
    function with the slots in local variables: a loop over step objects would cost
    more than small functions themselves.
    """

    def __init__(self, steps, template, params, out_slots, meta, transient):
        self.steps = steps
        self.template = template
        self.params = params
        self.out_slots = out_slots
        self.meta = meta
        self.transient = frozenset(transient)
        self.out_structure = None
        self.out_is_array = ()
        self.fingerprint = None
        self.verified = False  # by a second trace
        self._replays = {}  # keep -> generated forward, made on first use
        self._backwards = {}
        # VariableNodes standing for the slots while a backward pass without a graph
        # runs backward_arrays: they carry the arrays (data) that a node retained
        self.slot_nodes = [_constant_node(None, *m) for m in meta]

    def call(self, leaves, enable_backprop):
        inputs = leaves + self.params
        keep = False
        if enable_backprop:
            for x in inputs:
                if isinstance(x, core.Variable) and x._requires_grad:
                    keep = True
                    break
        outputs = StaticScheduleFunction(self, keep).apply(inputs)
        if self.out_is_array:
            outputs = [y._array if is_array else y
                       for y, is_array in zip(outputs, self.out_is_array)]
        return _unflatten(self.out_structure, outputs)

    # A copied or pickled chain traces its own schedules (these hold the original's
    # parameters and generated code): its ``static_schedule`` becomes None.
    def __deepcopy__(self, memo):
        return None

    def __reduce__(self):
        return type(None), ()

    def replay(self, slots, keep):
        """Run the generated forward on ``slots`` (see ``_generate_forward``)."""
        return (self._replays.get(keep) or self.generated_forward(keep))(slots)

    def generated_forward(self, keep):
        replay = self._replays.get(keep)
        if replay is None:
            replay = self._replays[keep] = _generate_forward(self, keep)
        return replay

    def array_backward(self, input_nodes):
        """For inputs of these ranks and requires_grad flags: the generated backward
        pass on arrays, or None when some function on the way has no backward_arrays."""
        key = tuple([(node.rank, node.requires_grad) for node in input_nodes])
        backward = self._backwards.get(key, False)
        if backward is False:
            backward = self._backwards[key] = _generate_backward(self, key)
        return backward

    def __repr__(self):
        lines = ['StaticSchedule: {} steps, {} parameters'.format(len(self.steps),
                                                                   len(self.params))]
        lines += ['  ' + step.describe() for step in self.steps]
        return '\n'.join(lines)


def _compile(source, namespace, name):
    exec(compile(source, '<static_graph {}>'.format(name), 'exec'), namespace)
    return namespace[name]


def _tuple_source(names):
    return '({},)'.format(names[0]) if len(names) == 1 else '({})'.format(', '.join(names))


def _normalized_output(value):
    """What apply makes of a forward output that is not a NumPy array."""
    value = core._array_of(value)
    if not isinstance(value, core._array_types()):
        raise TypeError('forward must return arrays, not {}'.format(type(value).__name__))
    return value


def _generate_forward(schedule, keep):
    """``replay(S)``: runs the steps on the slot list ``S``; returns the outputs, and
    with ``keep`` also the slots backward needs (the rest None) and each step's node."""
    namespace = {'ND': _ndarray, 'FIX': _normalized_output}
    lines = ['def replay(S):']
    defined = set()

    def slot(s):
        if s not in defined:
            lines.append('    s{0} = S[{0}]'.format(s))
            defined.add(s)
        return 's{}'.format(s)

    node_names = []
    for number, step in enumerate(schedule.steps):
        args = [slot(s) for s in (step.in_slots if isinstance(step, _NodeStep) else
                                  [s for _, s in step.substitutions])]
        outs = ['s{}'.format(s) for s in step.out_slots]
        if isinstance(step, _CodeStep):
            namespace['C{}'.format(number)] = step.call
            call = 'C{}({})'.format(number, ', '.join(args))
            lines.append('    {} = {}'.format(', '.join(outs) + ',', call) if outs else
                         '    ' + call)
            node_names.append('None')
        else:
            if step.kernel is not None:
                node = 'N{}'.format(number)
                namespace[node] = step.shared  # for backward
                namespace['K{}'.format(number)] = step.kernel
                lines.append('    {} = K{}({})'.format(outs[0], number, ', '.join(args)))
            elif step.shared is not None:
                node = 'N{}'.format(number)
                namespace[node] = step.shared
            else:
                node = 'n{}'.format(number)
                namespace['M{}'.format(number)] = step.new_node
                imported = [slot(s) for _, s in step.imports]
                lines.append('    {} = M{}({})'.format(
                    node, number, _tuple_source(imported) if imported else ''))
            if step.kernel is None:
                forward = '{}.forward'.format(node)
                if step.shared is not None:  # bound once: a lookup costs as much as tanh
                    forward = 'F{}'.format(number)
                    namespace[forward] = step.shared.forward
                lines.append('    {}, = {}({})'.format(
                    ', '.join(outs), forward, _tuple_source(args) if args else '()'))
            for out, s in zip(outs, step.out_slots):
                # NumPy gives scalars for 0-d results, which apply makes arrays; any other
                # result of these shapes is an array, as the trace saw
                if schedule.meta[s][0] == ():
                    lines.append('    if type({0}) is not ND: {0} = FIX({0})'.format(out))
            for key, s in step.exports:
                lines.append('    s{} = {}.__dict__[{!r}]'.format(s, node, key))
            node_names.append(node)
        defined.update(step.out_slots)
        defined.update([s for _, s in getattr(step, 'exports', ())])
    outputs = _tuple_source([slot(s) for s in schedule.out_slots])
    if not keep:
        lines.append('    return ' + outputs)
    else:
        kept = ['s{}'.format(s) if s in defined and s not in schedule.transient else 'None'
                for s in range(len(schedule.meta))]
        lines.append('    return {}, [{}], [{}]'.format(outputs, ', '.join(kept),
                                                      ', '.join(node_names)))
    return _compile('\n'.join(lines), namespace, 'replay')


def _generate_backward(schedule, input_key):
    """``backward(S, NODES, GY)``: backprop on arrays through the steps with
    ``backward_arrays``, in the order of kusari's backprop, adding gradients as it
    does; returns the gradients of the static node's inputs. None when a step on the
    way has no backward_arrays."""
    n_slots = len(schedule.meta)
    needs = [False] * n_slots
    ranks = [0] * n_slots
    for index, (rank, requires_grad) in enumerate(input_key):
        ranks[index], needs[index] = rank, requires_grad
    step_ranks = {}
    creators = {}  # slot -> number of the step computing it
    for number, step in enumerate(schedule.steps):
        if not step.in_graph or not any([needs[s] for s in step.in_slots]):
            continue
        if not step.has_backward_arrays:
            return None
        rank = step_ranks[number] = max([ranks[s] for s in step.in_slots])
        for s in step.out_slots:
            needs[s], ranks[s], creators[s] = True, rank + 1, number
    entries = [(number, schedule.steps[number])
               for number in _backprop_order(schedule, step_ranks, creators, needs)]

    namespace = {'ND': _ndarray, 'SUM': _array_of_sum, 'SELECT': _checks.select_target_grads,
                 'CHECK': _checked_gradient}
    slot_nodes = schedule.slot_nodes
    lines = ['def backward(S, NODES, GY):']
    used = set(range(len(input_key))) | set(schedule.out_slots)
    for _, step in entries:
        used.update(step.in_slots)
        used.update(step.out_slots)
    lines += ['    g{} = None'.format(s) for s in sorted(used)]
    for index, s in enumerate(schedule.out_slots):
        lines.append('    gy = GY[{}]'.format(index))
        lines.append('    if gy is not None: g{0} = gy if g{0} is None else SUM(g{0}, gy)'
                     .format(s))
    for number, step in entries:
        in_slots, out_slots = step.in_slots, step.out_slots
        targets = tuple([i for i, s in enumerate(in_slots) if needs[s]])
        lines.append('    if {}:'.format(' or '.join(['g{} is not None'.format(s)
                                                    for s in out_slots])))
        shared = step.shared
        node = 'n'
        if step.gradient_kernel is not None:
            # no node, no tuples: the kernel on the retained arrays and the gradient
            node = 'N{}'.format(number)
            namespace[node] = shared  # (for CHECK's message)
            namespace['GK{}'.format(number)] = step.gradient_kernel
            retained = ([in_slots[i] for i in step.retain_in or ()] +
                        [out_slots[i] for i in step.retain_out or ()])
            body = ['gx = GK{}({})'.format(number, ', '.join(
                ['S[{}]'.format(r) for r in retained] + ['g{}'.format(out_slots[0])]))]
        else:
            if shared is not None:
                # the node of every replay: its links are set once, its method bound once
                shared.inputs = tuple([slot_nodes[s] for s in in_slots])
                shared.outputs = (None,) * len(out_slots)
                namespace['N{}'.format(number)] = shared
                namespace['B{}'.format(number)] = shared.backward_arrays
                body = ['n = N{}'.format(number)]
            else:
                namespace['I{}'.format(number)] = tuple([slot_nodes[s] for s in in_slots])
                namespace['O{}'.format(number)] = (None,) * len(out_slots)
                body = ['n = NODES[{}]'.format(number),
                        'n.inputs = I{}'.format(number), 'n.outputs = O{}'.format(number)]
            namespace['T{}'.format(number)] = targets
            for index in step.retain_in or ():
                namespace['V{}'.format(in_slots[index])] = slot_nodes[in_slots[index]]
                body.append('V{0}.data = S[{0}]'.format(in_slots[index]))
            if step.retain_out:
                body.append('n._retained_output_data = {}'.format(_tuple_source(
                    ['S[{}]'.format(out_slots[i]) for i in step.retain_out])))
            body.append('gxs = {}(T{}, {})'.format(
                'n.backward_arrays' if shared is None else 'B{}'.format(number), number,
                _tuple_source(['g{}'.format(s) for s in out_slots])))
            body.append('if len(gxs) != {0}: gxs = SELECT(n, gxs, T{1})'.format(
                len(targets), number))
        body += ['g{} = None'.format(s) for s in out_slots]
        for position, index in enumerate(targets):
            s = in_slots[index]
            namespace['SH{}'.format(s)] = schedule.meta[s][0]
            if step.gradient_kernel is None:
                body.append('gx = gxs[{}]'.format(position))
            body += ['if gx is not None:',
                     '    if type(gx) is not ND or gx.shape != SH{0}: gx = CHECK({1}, gx, SH{0})'
                     .format(s, node),
                     '    g{0} = gx if g{0} is None else SUM(g{0}, gx)'.format(s)]
        lines += ['        ' + line for line in body]
    lines.append('    return ' + _tuple_source(['g{}'.format(i) for i in range(len(input_key))]))
    return _compile('\n'.join(lines), namespace, 'backward')


def _backprop_order(schedule, step_ranks, creators, needs):
    """The numbers of the steps in the order kusari's backprop runs their functions:
    the highest rank first, equal ranks in the order they are reached from the outputs
    (each function's inputs in order), so that gradients are summed in the same order
    as define-by-run."""
    heap, reached, order = [], set(), []

    def reach(slot):
        number = creators.get(slot)
        if number is not None and number not in reached:
            reached.add(number)
            heapq.heappush(heap, (-step_ranks[number], len(reached), number))

    for s in schedule.out_slots:
        reach(s)
    while heap:
        number = heapq.heappop(heap)[2]
        order.append(number)
        for s in schedule.steps[number].in_slots:
            if needs[s]:
                reach(s)
    return order


def _checked_gradient(node, gx, shape):
    """A gradient from backward_arrays as an array of the input's shape (as backprop
    checks it)."""
    gx = core._as_grad_variable(gx)._array
    if gx.shape != shape:
        raise ValueError('{}.backward returned a gradient of shape {} for an input of '
                         'shape {}'.format(node.label, gx.shape, shape))
    return gx


class StaticScheduleFunction(core.FunctionNode):
    """One replay of a :class:`StaticSchedule` as a node of the graph.

    Its inputs are the call's arrays followed by the parameters. Its forward runs the
    schedule on arrays; backward runs the recorded functions' ``backward_arrays`` in
    the order of backprop, or, for double backprop, with hooks or where a function
    has none, links copies of the functions into a graph and runs backprop over it.
    """

    def __init__(self, schedule, keep=False):
        self.schedule = schedule
        self._keep = keep  # keep what backward needs
        self._slots = self._nodes = None

    def forward(self, inputs):
        schedule = self.schedule
        slots = schedule.template[:]
        slots[:len(inputs)] = inputs
        if not self._keep:
            return schedule.replay(slots, False)
        outputs, self._slots, self._nodes = schedule.replay(slots, True)
        return outputs

    def backward(self, target_input_indexes, grad_outputs):
        cfg = config
        backward = None
        if not (cfg.enable_backprop or core._function_hooks or cfg.debug):
            backward = self.schedule.array_backward(self.inputs)
        if backward is None:
            return self._backward_through_graph(target_input_indexes, grad_outputs)
        gxs = backward(self._slots, self._nodes,
                       [None if gy is None else gy._array for gy in grad_outputs])
        new_variable = core.Variable._new
        return tuple([None if gxs[index] is None else new_variable(gxs[index], True)
                      for index in target_input_indexes])

    def _backward_through_graph(self, target_input_indexes, grad_outputs):
        schedule, slots = self.schedule, self._slots
        nodes = [None] * len(slots)
        for index, outer in enumerate(self.inputs):
            # the input's own Variable (when alive) for double backprop, its rank
            # for the order
            proxy = nodes[index] = _constant_node(None, *schedule.meta[index])
            proxy._variable = outer._variable
            proxy.rank = outer.rank
            proxy.requires_grad = outer.requires_grad
        proxies = nodes[:len(self.inputs)]
        for step, node in zip(schedule.steps, self._nodes):
            if step.in_graph:
                step.link(step.graph_node(node, slots), slots, nodes, schedule.meta)
        grads = {}
        for s, gy in zip(schedule.out_slots, grad_outputs):
            if gy is None:
                continue
            var_node = nodes[s]
            if var_node is None:
                continue  # a constant
            grads[var_node] = gy if var_node not in grads else grads[var_node] + gy
        wanted = [proxies[index] for index in target_input_indexes]
        if not grads:
            return (None,) * len(wanted)
        captured = core._backprop(grads, set(wanted), False, None)
        return tuple([captured.get(proxy) for proxy in wanted])


def _first_difference(first, second):
    """A description of where two trace fingerprints differ ('' where they do not)."""
    (steps, slots, outputs), (steps2, slots2, outputs2) = first, second
    for number, (step, step2) in enumerate(zip(steps, steps2)):
        if step != step2:
            return 'step {}: {} then {}'.format(number, step, step2)
    if len(steps) != len(steps2):
        return '{} functions then {}'.format(len(steps), len(steps2))
    if slots != slots2:
        return 'other parameters or arrays'
    if outputs != outputs2:
        return 'other results'
    return ''


def _array_of_sum(a, b):
    return core._array_of(a + b)


class ScheduleManager:
    """The static schedules of one chain (``chain.schedule_manager``), one per kind of
    call: the decorated method, the shapes and dtypes of its array arguments, its
    other arguments, ``config.train`` and ``config.enable_backprop``.

    Args:
        minimize_cache_size (bool): drop the schedules whenever ``config.train``
            changes.
        verbosity_level (int): 1 reports each new schedule, 2 also each call.
    """

    def __init__(self, chain=None, minimize_cache_size=False, verbosity_level=0):
        self._chain = _dead if chain is None else _weakref(chain)
        self.schedules = {}
        self.minimize_cache_size = minimize_cache_size
        self.verbosity_level = verbosity_level
        self._train = None

    def end_forward(self):
        """Mark the end of a forward pass (Chainer's API).

        Chainer reuses a schedule's buffers, so a schedule is busy until this is
        called or backward runs. kusari gives each call state of its own, so there is
        nothing to release: calling it is harmless and never needed.
        """

    def __deepcopy__(self, memo):
        # The schedules refer to the original chain's parameters: a copied chain
        # traces its own.
        return ScheduleManager(None, self.minimize_cache_size, self.verbosity_level)

    def __reduce__(self):
        return ScheduleManager, (None, self.minimize_cache_size, self.verbosity_level)

    def __repr__(self):
        lines = ['ScheduleManager: {} schedule(s)'.format(len(self.schedules))]
        for key, schedule in self.schedules.items():
            lines.append('{} train={} enable_backprop={} arrays={}:'.format(
                getattr(key[0], '__qualname__', key[0]), key[1], key[2], list(key[4])))
            lines.append(repr(schedule))
        return '\n'.join(lines)


def static_graph(*args, **kwargs):
    """Decorator marking a chain's ``__call__`` (or another method) as a static graph.

    The method must apply the same functions, in the same order, every time it is
    called with arguments of the same shapes and dtypes under the same
    ``config.train`` and ``config.enable_backprop``. The first such call runs
    define-by-run while its schedule is traced; later ones replay the schedule, which
    skips the Python work of building Variables and checking every function, and
    enter the graph as one node (``StaticScheduleFunction``). Gradients, parameter
    updates, dropout masks and batch-normalization statistics are those of
    define-by-run; parameters are read on every call, so optimizers, ``copyparams``
    and serializers work as on any chain.

    Python code other than functions applied (counters, printing, reporting) runs only
    when tracing: put it in a function decorated with
    :func:`~kusari.graph_optimizations.static_code` to run it on every call. Arguments
    may be Variables, arrays, nested lists, tuples and dicts of them, and hashable
    constants (which select the schedule like shapes do). Variables computed outside
    the chain must come in as arguments. Static chains cannot be nested. With
    ``config.use_static_graph = False`` the method runs define-by-run.

    Used bare (``@static_graph``) or with keyword arguments:

    Args:
        force_test_define_by_run (bool): run define-by-run when ``config.train`` is
            False.
        minimize_cache_size (bool): drop the cached schedules whenever
            ``config.train`` changes.
        verbosity_level (int): 0 silent, 1 reports each schedule traced, 2 also each
            call.
        enable_double_backprop (bool): accepted for Chainer's API; replays always
            support double backprop.
    """
    options = {'force_test_define_by_run': False, 'minimize_cache_size': False,
               'verbosity_level': 0, 'enable_double_backprop': False}
    if len(args) == 1 and not kwargs and callable(args[0]):
        return _make_static(args[0], **options)
    unexpected = sorted(set(kwargs) - set(options))
    if args or unexpected:
        raise TypeError('static_graph takes a method, or only the keyword arguments {}; '
                        'got {}'.format(', '.join(sorted(options)),
                                        ', '.join([repr(a) for a in args] + unexpected)))
    options.update(kwargs)
    return functools.partial(_make_static, **options)


def _make_static(func, force_test_define_by_run, minimize_cache_size, verbosity_level,
                 enable_double_backprop):
    @functools.wraps(func)
    def wrapped(chain, *args, **kwargs):
        cfg = config
        if not cfg.use_static_graph or force_test_define_by_run and not cfg.train:
            return func(chain, *args, **kwargs)
        if cfg.schedule_func is not None:
            raise RuntimeError('static_graph: static chains cannot be nested; {} was called '
                               'inside another static chain'.format(type(chain).__name__))
        state = chain.__dict__
        manager = state.get('schedule_manager')
        if manager is None or manager._chain() is not chain:
            manager = state['schedule_manager'] = ScheduleManager(
                chain, minimize_cache_size, verbosity_level)
        leaves = list(args)
        structure = len(leaves)  # positional Variables and arrays: the common case
        for leaf in leaves:
            if not isinstance(leaf, _Variable) and type(leaf) is not _ndarray:
                leaves = []
                structure = _flatten((args, kwargs), leaves)
                break
        else:
            if kwargs:
                leaves = []
                structure = _flatten((args, kwargs), leaves)
        train = cfg.train
        enable_backprop = cfg.enable_backprop
        arrays = [leaf._array if isinstance(leaf, _Variable) else leaf for leaf in leaves]
        key = (func, train, enable_backprop, structure,
               tuple([(a.shape, a.dtype, type(a)) for a in arrays]))  # type: the device
        if len(arrays) > 1:
            key += _aliasing(arrays)
        if minimize_cache_size and manager._train is not train:
            manager.schedules.clear()
            manager._train = train
        schedule = manager.schedules.get(key)
        if schedule is not None and schedule.verified:
            state['static_schedule'] = schedule
            if verbosity_level >= 2:
                print('static_graph: replaying the schedule of {}'.format(func.__qualname__))
            return schedule.call(leaves, enable_backprop)
        if len(arrays) != sum([isinstance(leaf, _Variable) for leaf in leaves]):
            # As in Chainer, the traced code sees arrays as Variables (that need no
            # gradient), so what it computes from them goes through functions the trace
            # records, not through NumPy.
            wrapped_leaves = [leaf if isinstance(leaf, _Variable) else _Variable._new(leaf, False)
                              for leaf in leaves]
            if isinstance(structure, int):
                args = tuple(wrapped_leaves)
            else:
                args, kwargs = _unflatten(structure, wrapped_leaves)
        result, trace = _trace_call(func, chain, args, kwargs, arrays, verbosity_level)
        out_leaves = []
        out_structure = _flatten(result, out_leaves)
        if schedule is not None:
            # The second call of a kind runs define-by-run too, and must apply what the
            # first did: a chain whose functions depend on the data is not static.
            difference = _first_difference(schedule.fingerprint,
                                           trace.fingerprint(out_leaves))
            if difference:
                del manager.schedules[key]
                raise RuntimeError(
                    'static_graph: {} is not static: two calls with arguments of the same '
                    'shapes and dtypes (train={}, enable_backprop={}) applied different '
                    'functions ({}). Remove @static_graph, or run it with '
                    'config.use_static_graph = False'.format(
                        func.__qualname__, train, enable_backprop, difference))
            schedule.verified = True
            # generate the code now rather than in the first replay
            schedule.generated_forward(enable_backprop)
            if enable_backprop:
                schedule.array_backward([
                    x.node if isinstance(x, _Variable) else _constant_node(None, (), None)
                    for x in leaves + schedule.params])
            return result
        fingerprint = trace.fingerprint(out_leaves)
        schedule = trace.finish(out_leaves)
        schedule.fingerprint = fingerprint
        schedule.out_structure = out_structure
        if not all(isinstance(leaf, core.Variable) for leaf in out_leaves):
            schedule.out_is_array = tuple([not isinstance(leaf, core.Variable)
                                           for leaf in out_leaves])
        manager.schedules[key] = state['static_schedule'] = schedule
        if verbosity_level >= 1:
            print('static_graph: traced {} ({} steps) for arrays {}, train={}, '
                  'enable_backprop={}'.format(func.__qualname__, len(schedule.steps),
                                              list(key[4]), train, enable_backprop))
        return result
    return wrapped
