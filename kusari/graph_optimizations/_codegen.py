"""Code generation: a static schedule's forward and backward as Python functions on
arrays, one statement per step with the slots in local variables (a loop over step
objects would cost more than small functions themselves)."""

import numpy

from kusari import _checks, core
from kusari.graph_optimizations._steps import _CodeStep, _is_array, _NodeStep

_ndarray = numpy.ndarray


def _compile(source, namespace, name):
    exec(compile(source, '<static_graph {}>'.format(name), 'exec'), namespace)
    return namespace[name]


def _tuple_source(names):
    return '({},)'.format(names[0]) if len(names) == 1 else '({})'.format(', '.join(names))


def _normalized_output(value):
    """What apply makes of a forward output that is not a NumPy array."""
    if isinstance(value, numpy.generic):  # NumPy's result of a 0-d computation
        value = numpy.asarray(value)
    if not _is_array(value):
        raise TypeError('forward must return arrays, not {}'.format(type(value).__name__))
    return value


def _indented(lines):
    return ['    ' + line for line in lines]


def _function(name, params, body):
    return '\n'.join(['def {}({}):'.format(name, params)] + _indented(body))


def _read(s, lines, defined):
    """The local of slot ``s``, read from the slot list ``S`` where no line set it yet."""
    if s not in defined:
        lines.append('s{0} = S[{0}]'.format(s))
        defined.add(s)
    return 's{}'.format(s)


def _forward_lines(schedule, namespace, defined):
    """The statements of a replay's forward, one per step, each slot in a local
    ``s<slot>``: ``defined`` holds the slots set before them (others are read from ``S``)
    and grows with those they set. Returns the lines and each step's node, as named in
    them ('None' for a ``static_code`` step)."""
    namespace.update({'ND': _ndarray, 'FIX': _normalized_output})
    lines = []
    node_names = []
    for number, step in enumerate(schedule.steps):
        args = [_read(s, lines, defined) for s in (
            step.in_slots if isinstance(step, _NodeStep) else
            [s for _, s in step.substitutions])]
        outs = ['s{}'.format(s) for s in step.out_slots]
        if isinstance(step, _CodeStep):
            namespace['C{}'.format(number)] = step.call
            call = 'C{}({})'.format(number, ', '.join(args))
            lines.append('{} = {}'.format(', '.join(outs) + ',', call) if outs else call)
            node_names.append('None')
        else:
            if step.kernel is not None:
                node = 'N{}'.format(number)
                namespace[node] = step.shared  # for backward
                namespace['K{}'.format(number)] = step.kernel
                lines.append('{} = K{}({})'.format(outs[0], number, ', '.join(args)))
            elif step.shared is not None:
                node = 'N{}'.format(number)
                namespace[node] = step.shared
            else:
                node = 'n{}'.format(number)
                namespace['M{}'.format(number)] = step.new_node
                imported = [_read(s, lines, defined) for _, s in step.imports]
                lines.append('{} = M{}({})'.format(
                    node, number, _tuple_source(imported) if imported else ''))
            if step.kernel is None:
                forward = '{}.forward'.format(node)
                if step.shared is not None:  # bound once: a lookup costs as much as tanh
                    forward = 'F{}'.format(number)
                    namespace[forward] = step.shared.forward
                lines.append('{}, = {}({})'.format(
                    ', '.join(outs), forward, _tuple_source(args) if args else '()'))
            for out, s in zip(outs, step.out_slots):
                # NumPy gives scalars for 0-d results, which apply makes arrays; any other
                # result of these shapes is an array, as the trace saw
                if schedule.meta[s][0] == ():
                    lines.append('if type({0}) is not ND: {0} = FIX({0})'.format(out))
            for key, s in step.exports:
                lines.append('s{} = {}.__dict__[{!r}]'.format(s, node, key))
            node_names.append(node)
        defined.update(step.out_slots)
        defined.update([s for _, s in getattr(step, 'exports', ())])
    return lines, node_names


def _generate_forward(schedule, keep):
    """``replay(S)``: runs the steps on the slot list ``S``; returns the outputs, and
    with ``keep`` also the slots backward needs (the rest None) and each step's node."""
    namespace = {}
    defined = set()
    lines, node_names = _forward_lines(schedule, namespace, defined)
    outputs = _tuple_source([_read(s, lines, defined) for s in schedule.out_slots])
    if not keep:
        lines.append('return ' + outputs)
    else:
        kept = ['s{}'.format(s) if s in defined and s not in schedule.transient else 'None'
                for s in range(len(schedule.meta))]
        lines.append('return {}, [{}], [{}]'.format(outputs, ', '.join(kept),
                                                    ', '.join(node_names)))
    return _compile(_function('replay', 'S', lines), namespace, 'replay')


def _backward_lines(schedule, input_key, namespace, seeds, slot='S[{}]', node_of='NODES[{}]'):
    """The statements of backprop on arrays through the steps with ``backward_arrays``,
    in the order of kusari's backprop, adding gradients as it does: the gradient of
    slot ``s`` in a local ``g<s>`` (None where none reaches it). ``seeds``: the
    expressions of the outputs' gradients; ``slot`` and ``node_of``: how the lines read
    a slot's array and the node a replay made for a step (formats of their numbers).
    None when a step on the way has no backward_arrays."""
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

    namespace.update({'ND': _ndarray, 'SUM': core.sum_gradient_arrays,
                      'SELECT': _checks.select_target_grads, 'CHECK': _checked_gradient})
    slot_nodes = schedule.slot_nodes
    used = set(range(len(input_key))) | set(schedule.out_slots)
    for _, step in entries:
        used.update(step.in_slots)
        used.update(step.out_slots)
    lines = ['g{} = None'.format(s) for s in sorted(used)]
    for seed, s in zip(seeds, schedule.out_slots):
        lines.append('gy = {}'.format(seed))
        lines.append('if gy is not None: g{0} = gy if g{0} is None else SUM(g{0}, gy)'
                     .format(s))
    for number, step in entries:
        in_slots, out_slots = step.in_slots, step.out_slots
        targets = tuple([i for i, s in enumerate(in_slots) if needs[s]])
        lines.append('if {}:'.format(' or '.join(['g{} is not None'.format(s)
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
                [slot.format(r) for r in retained] + ['g{}'.format(out_slots[0])]))]
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
                body = ['n = ' + node_of.format(number),
                        'n.inputs = I{}'.format(number), 'n.outputs = O{}'.format(number)]
            namespace['T{}'.format(number)] = targets
            for index in step.retain_in or ():
                namespace['V{}'.format(in_slots[index])] = slot_nodes[in_slots[index]]
                body.append('V{}.data = {}'.format(in_slots[index],
                                                   slot.format(in_slots[index])))
            if step.retain_out:
                namespace['RETAIN'] = core.set_retained_outputs
                body.append('RETAIN(n, {})'.format(_tuple_source(
                    [slot.format(out_slots[i]) for i in step.retain_out])))
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
        lines += _indented(body)
    return lines


def _generate_backward(schedule, input_key):
    """``backward(S, NODES, GY)``: backprop on arrays (see ``_backward_lines``) from the
    outputs' gradients ``GY`` on the slots ``S`` and nodes ``NODES`` a replay kept;
    returns the gradients of the static node's inputs. None when a step on the way has
    no backward_arrays."""
    namespace = {}
    lines = _backward_lines(schedule, input_key, namespace,
                            ['GY[{}]'.format(i) for i in range(len(schedule.out_slots))])
    if lines is None:
        return None
    lines.append('return ' + _tuple_source(['g{}'.format(i) for i in range(len(input_key))]))
    return _compile(_function('backward', 'S, NODES, GY', lines), namespace, 'backward')


def _backprop_order(schedule, step_ranks, creators, needs):
    """The numbers of the steps in the order kusari's backprop runs their functions
    (``core.backprop_order`` asks the core's backprop), so that gradients are summed in
    the same order as define-by-run."""
    def inputs_reached(number):
        reached = [creators.get(s) for s in schedule.steps[number].in_slots if needs[s]]
        return [creator for creator in reached if creator is not None]

    outputs = [creators[s] for s in schedule.out_slots if s in creators]
    return list(core.backprop_order(outputs, step_ranks.__getitem__, inputs_reached))


def _checked_gradient(node, gx, shape):
    """A gradient from backward_arrays as an array of the input's shape (as backprop
    checks it)."""
    gx = core.as_array(gx)
    if isinstance(gx, numpy.generic):
        gx = numpy.asarray(gx)
    if not _is_array(gx):
        raise TypeError('{}.backward returned a {}, not an array, as a gradient'.format(
            node.label, type(gx).__name__))
    if gx.shape != shape:
        raise ValueError('{}.backward returned a gradient of shape {} for an input of '
                         'shape {}'.format(node.label, gx.shape, shape))
    return gx
