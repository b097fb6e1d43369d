"""Tracing: the first calls of a kind run define-by-run while a trace records every
function applied (seen through ``core.observe_apply``) with its arrays as slots."""

import contextlib
import threading

from kusari import core
from kusari.graph_optimizations._schedule import StaticSchedule
from kusari.graph_optimizations._steps import (
    _array_of, _CodeStep, _is_array, _kernel_of, _LEAF, _NodeStep)
from kusari.variable import Parameter

_traces = {}  # thread id -> the trace running in that thread
_traces_lock = threading.Lock()


@contextlib.contextmanager
def tracing(trace):
    """Within the block, the functions this thread applies are recorded in ``trace``
    (``config.schedule_func`` meanwhile)."""
    thread = threading.get_ident()
    with _traces_lock:
        _traces[thread] = trace
    try:
        with core.observe_apply(trace.observe), core.using_config('schedule_func', trace):
            yield
    finally:
        with _traces_lock:
            del _traces[thread]


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
        if isinstance(value, Parameter) or (value.requires_grad and
                                                 value.creator_node is None):
            # a leaf the gradient reaches: its array is read on every call
            return self._new_slot(array, 'param', value)
        if value.requires_grad:
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

    def observe(self, node, inputs, apply):
        """``node.apply(inputs)`` while tracing: recorded, unless a function applies it
        inside its forward."""
        if self.depth:
            return apply(node, inputs)
        pre_state = dict(node.__dict__)
        self.depth += 1
        try:
            outputs = apply(node, inputs)
        finally:
            self.depth -= 1
        self.record_node(node, pre_state, inputs, outputs)
        return outputs

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
            if key in core.GRAPH_ATTRIBUTES or pre_state.get(key, _LEAF) is value:
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
            outputs = core.call_forward(func, inputs)
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
        slots = tuple([id(source) if isinstance(source, Parameter) else kind
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
    with tracing(trace):
        result = func(chain, *args, **kwargs)
    return result, trace


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

