"""A static schedule and its replay as one node of the graph."""

from kusari import core
from kusari.configuration import config
from kusari.graph_optimizations._codegen import _generate_backward, _generate_forward
from kusari.graph_optimizations._steps import _unflatten


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
        self.slot_nodes = [core.graph_leaf(*m) for m in meta]

    def call(self, leaves, enable_backprop):
        inputs = leaves + self.params
        keep = False
        if enable_backprop:
            for x in inputs:
                if isinstance(x, core.Variable) and x.requires_grad:
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
        if not (cfg.enable_backprop or core.get_function_hooks() or cfg.debug):
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
            nodes[index] = core.graph_leaf(*schedule.meta[index], standing_for=outer)
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
        return tuple(core.backprop_to(grads, wanted))

