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
import threading
import weakref

import numpy

from kusari import core

# Attributes that apply() and retain_inputs/retain_outputs set on a node: graph links,
# not state of the computation.
_GRAPH_KEYS = frozenset(['rank', 'inputs', 'outputs', '_retained_output_data', 'stack',
                         '_input_indexes_to_retain', '_output_indexes_to_retain'])

_object_new = object.__new__
_weakref = weakref.ref
_ndarray = numpy.ndarray
_VariableNode = core.VariableNode


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

    def __init__(self, cls, pre_state, in_slots, out_slots, exports, imports, stateless,
                 in_graph):
        self.cls = cls
        self.pre_state = pre_state
        self.in_slots = in_slots
        self.out_slots = out_slots
        self.exports = exports  # (attribute, slot): arrays forward stores on the node
        self.imports = imports  # (attribute, slot): arrays of the call given to __init__
        self.in_graph = in_graph  # applied (not a bare forward via static_code)
        # A node whose forward changes nothing on it can be shared by the calls that
        # keep no graph.
        self.shared = self.new_node(None) if stateless and not imports else None

    def remap(self, new_slot):
        self.in_slots = tuple([new_slot[s] for s in self.in_slots])
        self.out_slots = tuple([new_slot[s] for s in self.out_slots])
        self.exports = [(key, new_slot[s]) for key, s in self.exports]
        self.imports = [(key, new_slot[s]) for key, s in self.imports]

    def new_node(self, slots):
        node = _object_new(self.cls)
        state = node.__dict__
        state.update(self.pre_state)
        for key, s in self.imports:
            state[key] = slots[s]
        return node

    def forward(self, node, slots):
        outputs = node.forward(tuple([slots[s] for s in self.in_slots]))
        if type(outputs) is not tuple or len(outputs) != 1 or type(outputs[0]) is not _ndarray:
            outputs = node._normalize_outputs(outputs)
        for s, y in zip(self.out_slots, outputs):
            slots[s] = y
        for key, s in self.exports:
            slots[s] = node.__dict__[key]
        return outputs

    def run(self, slots):
        node = self.shared
        self.forward(self.new_node(slots) if node is None else node, slots)

    def runner(self):
        """``run`` as a function of the slots, specialized for the common shape (one
        shared node, one output, nothing exported): the per-op cost of inference."""
        if self.shared is None or len(self.out_slots) != 1 or self.exports:
            return self.run
        forward, normalize = self.shared.forward, self.shared._normalize_outputs
        in_slots, out_slot = self.in_slots, self.out_slots[0]
        if len(in_slots) == 1:
            in_slot = in_slots[0]

            def run(slots):
                outputs = forward((slots[in_slot],))
                if type(outputs) is not tuple or len(outputs) != 1 or \
                        type(outputs[0]) is not _ndarray:
                    outputs = normalize(outputs)
                slots[out_slot] = outputs[0]
            return run

        def run(slots):
            outputs = forward(tuple([slots[s] for s in in_slots]))
            if type(outputs) is not tuple or len(outputs) != 1 or type(outputs[0]) is not _ndarray:
                outputs = normalize(outputs)
            slots[out_slot] = outputs[0]
        return run

    def run_recording(self, slots, nodes):
        """Run and link the node into the call's graph as apply would."""
        node = self.new_node(slots)
        outputs = self.forward(node, slots)
        if not self.in_graph:
            return
        in_nodes = []
        requires_grad = False
        rank = 0
        for s in self.in_slots:
            var_node = nodes[s]
            if var_node is None:
                var_node = nodes[s] = _constant_node(slots[s])
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
        for s, y in zip(self.out_slots, outputs):
            var_node = _object_new(_VariableNode)
            var_node._variable = _dead
            var_node.creator_node = node
            var_node.data = None
            var_node.name = None
            var_node.rank = rank + 1
            var_node.requires_grad = True
            var_node.dtype = y.dtype
            var_node.shape = y.shape
            nodes[s] = var_node
            refs.append(_weakref(var_node))
        node.outputs = tuple(refs)
        retain = node._input_indexes_to_retain
        if retain is not None:
            for index in retain:
                in_nodes[index].data = slots[self.in_slots[index]]
        retain = node._output_indexes_to_retain
        if retain:
            node._retained_output_data = (
                outputs if len(outputs) == 1 else tuple([outputs[index] for index in retain]))

    def describe(self):
        return '{}: slots {} -> {}'.format(self.cls.__name__, list(self.in_slots),
                                          list(self.out_slots))


class _CodeStep:
    """Replays a ``static_code`` call with the arrays of the current call."""

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

    def run(self, slots):
        args = list(self.args)
        kwargs = dict(self.kwargs)
        for place, s in self.substitutions:
            container = args if type(place[0]) is int else kwargs
            if len(place) == 1:
                container[place[0]] = slots[s]
            else:
                items = container[place[0]] = list(container[place[0]])
                items[place[1]] = slots[s]
        results = self.func(*args, **kwargs)
        for s, y in zip(self.out_slots, results or ()):
            slots[s] = y

    def run_recording(self, slots, nodes):
        self.run(slots)

    def runner(self):
        return self.run

    def describe(self):
        return 'static_code {}'.format(self.func_name or getattr(self.func, '__name__', self.func))


def _constant_node(array):
    var_node = _object_new(_VariableNode)
    var_node._variable = _dead
    var_node.creator_node = None
    var_node.data = array
    var_node.name = None
    var_node.rank = 0
    var_node.requires_grad = False
    var_node.dtype = array.dtype
    var_node.shape = array.shape
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
        step = _NodeStep(type(node), pre_state, in_slots, out_slots, exports, imports,
                         stateless, in_graph)
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
        for step in self.steps:
            step.remap(new_slot)
        return StaticSchedule(self.steps, template, params,
                              tuple([new_slot[s] for s in out_slots]))



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
    ``template`` holds the constants at their slots.
    """

    def __init__(self, steps, template, params, out_slots):
        self.steps = steps
        self.template = template
        self.params = params
        self.out_slots = out_slots
        self.out_structure = None
        self.out_is_array = ()
        self.runners = [step.runner() for step in steps]

    def call(self, leaves, enable_backprop):
        inputs = leaves + self.params
        outer_nodes = None
        if enable_backprop:
            for x in inputs:
                if isinstance(x, core.Variable) and x._requires_grad:
                    outer_nodes = [x.node if isinstance(x, core.Variable) else None
                                   for x in inputs]
                    break
        outputs = StaticScheduleFunction(self, outer_nodes).apply(inputs)
        if self.out_is_array:
            outputs = [y._array if is_array else y
                       for y, is_array in zip(outputs, self.out_is_array)]
        return _unflatten(self.out_structure, outputs)

    def __repr__(self):
        lines = ['StaticSchedule: {} steps, {} parameters'.format(len(self.steps),
                                                                   len(self.params))]
        lines += ['  ' + step.describe() for step in self.steps]
        return '\n'.join(lines)


def _proxy(outer, array):
    """The leaf standing for a static node's input in the graph of one replay: the
    input's own Variable when alive (for double backprop), its rank (for the order)."""
    var_node = _constant_node(array)
    var_node.data = None
    if outer is not None:
        var_node._variable = outer._variable
        var_node.rank = outer.rank
        var_node.requires_grad = outer.requires_grad
    return var_node


class StaticScheduleFunction(core.FunctionNode):
    """One replay of a :class:`StaticSchedule` as a node of the graph.

    Its inputs are the call's arrays followed by the parameters; its backward runs
    backprop over the graph of this replay's function copies.
    """

    def __init__(self, schedule, outer_nodes=None):
        self.schedule = schedule
        self._outer_nodes = outer_nodes  # the inputs' nodes, when the replay keeps a graph
        self._proxies = self._inner_outputs = None

    def forward(self, inputs):
        schedule = self.schedule
        slots = schedule.template[:]
        slots[:len(inputs)] = inputs
        outer_nodes = self._outer_nodes
        if outer_nodes is None:
            for run in schedule.runners:
                run(slots)
        else:
            self._outer_nodes = None
            nodes = [None] * len(slots)
            for index, outer in enumerate(outer_nodes):
                nodes[index] = _proxy(outer, inputs[index])
            for step in schedule.steps:
                step.run_recording(slots, nodes)
            self._proxies = nodes[:len(inputs)]
            self._inner_outputs = [nodes[s] or _constant_node(slots[s])
                                   for s in schedule.out_slots]
        return tuple([slots[s] for s in schedule.out_slots])

    def backward(self, target_input_indexes, grad_outputs):
        wanted = [self._proxies[index] for index in target_input_indexes]
        grads = {}
        for node, gy in zip(self._inner_outputs, grad_outputs):
            if gy is not None:
                grads[node] = gy if node not in grads else grads[node] + gy
        if not grads:
            return (None,) * len(wanted)
        captured = core._backprop(grads, set(wanted), False, None)
        return tuple([captured.get(proxy) for proxy in wanted])


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
        cfg = core.config
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
        leaves = []
        structure = _flatten((args, kwargs), leaves)
        train = cfg.train
        enable_backprop = cfg.enable_backprop
        arrays = [_array_of(leaf) for leaf in leaves]
        key = (func, train, enable_backprop, structure,
               tuple([(a.shape, a.dtype) for a in arrays]))
        if len(arrays) > 1:
            key += _aliasing(arrays)
        if minimize_cache_size and manager._train is not train:
            manager.schedules.clear()
            manager._train = train
        schedule = manager.schedules.get(key)
        if schedule is not None:
            state['static_schedule'] = schedule
            if verbosity_level >= 2:
                print('static_graph: replaying the schedule of {}'.format(func.__qualname__))
            return schedule.call(leaves, enable_backprop)
        result, trace = _trace_call(func, chain, args, kwargs, arrays, verbosity_level)
        out_leaves = []
        out_structure = _flatten(result, out_leaves)
        schedule = trace.finish(out_leaves)
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
