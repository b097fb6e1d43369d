"""TimelineTrace: one forward and one backward event per function node of the graph,
properly nested, in a valid Chrome trace; nothing recorded (no hook) outside the traced
iterations."""

import collections
import json

import numpy

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import core
from kusari.training import extensions


class MLP(kusari.Chain):
    def __init__(self):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(4, 8)
            self.l2 = L.Linear(8, 8)
            self.l3 = L.Linear(8, 3)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def graph_nodes(variable):
    """The function nodes of the graph that made ``variable``."""
    nodes, stack = set(), [variable.creator_node]
    while stack:
        node = stack.pop()
        if node is None or node in nodes:
            continue
        nodes.add(node)
        stack.extend(x.creator_node for x in node.inputs)
    return nodes


def load_trace(path):
    """The X events of a trace file, after checking it against the trace event format
    (what Perfetto and chrome://tracing read)."""
    with open(path) as f:
        trace = json.load(f)
    assert set(trace) == {'traceEvents', 'displayTimeUnit'}
    assert trace['displayTimeUnit'] in ('ms', 'ns')
    events = []
    for event in trace['traceEvents']:
        assert event['ph'] in ('X', 'M'), event
        assert isinstance(event['name'], str) and event['name']
        assert isinstance(event['pid'], int) and isinstance(event['tid'], int)
        if event['ph'] == 'M':
            assert event['name'] in ('process_name', 'thread_name')
            assert isinstance(event['args']['name'], str)
            continue
        assert isinstance(event['cat'], str)
        assert isinstance(event['ts'], float) and event['dur'] >= 0
        assert isinstance(event.get('args', {}), dict)
        events.append(event)
    return events


def nest(events):
    """(event, its enclosing events) for each event; asserts that events on a thread never
    partly overlap (each starts and ends inside its parent or after it)."""
    placed = []
    by_thread = collections.defaultdict(list)
    for event in events:
        by_thread[event['pid'], event['tid']].append(event)
    for thread_events in by_thread.values():
        stack = []
        for event in sorted(thread_events, key=lambda e: (e['ts'], -e['dur'])):
            end = event['ts'] + event['dur']
            while stack and stack[-1]['ts'] + stack[-1]['dur'] <= event['ts']:
                stack.pop()
            if stack:
                parent_end = stack[-1]['ts'] + stack[-1]['dur']
                assert end <= parent_end + 1e-3, (event, stack[-1])
            placed.append((event, tuple(stack)))
            stack.append(event)
    return placed


def test_one_mlp_step_has_one_forward_and_backward_per_node(tmp_path):
    model = MLP()
    x = numpy.random.RandomState(0).randn(5, 4).astype(numpy.float32)
    t = numpy.array([0, 1, 2, 1, 0], numpy.int32)
    path = tmp_path / 'trace.json'
    with extensions.TimelineTrace(filename=str(path)) as timeline:
        with timeline.span('step'):
            loss = F.softmax_cross_entropy(model(x), t)
            model.cleargrads()
            loss.backward()
    assert not core.get_function_hooks()
    nodes = collections.Counter(node.label for node in graph_nodes(loss))
    assert nodes == {'LinearFunction': 3, 'ReLU': 2, 'SoftmaxCrossEntropy': 1}

    placed = nest(load_trace(path))
    (step, _), = [(e, parents) for e, parents in placed if e['name'] == 'step']
    assert step['cat'] == 'user'
    # The forwards of the graph: those not run by a backward (which applies functions
    # of its own: the gradient of a LinearFunction is two matrix products).
    graph_forwards = [e for e, parents in placed if e['cat'] == 'forward'
                      and not any(p['cat'] == 'backward' for p in parents)]
    backwards = [e for e, parents in placed if e['cat'] == 'backward']
    assert collections.Counter(e['name'] for e in graph_forwards) == nodes
    assert collections.Counter(e['name'] for e in backwards) == nodes
    for e, parents in placed:
        if e is not step:
            assert parents[0] is step  # everything inside the user's span
    first_linear = min((e for e in graph_forwards if e['name'] == 'LinearFunction'),
                       key=lambda e: e['ts'])
    assert first_linear['args']['inputs'] == ['float32[5, 4]', 'float32[8, 4]', 'float32[8]']
    loss_backward, = [e for e in backwards if e['name'] == 'SoftmaxCrossEntropy']
    assert loss_backward['args']['output_grads'] == ['float32[]']
    # backward runs after the forward, from the loss down
    assert min(e['ts'] for e in backwards) > max(e['ts'] for e in graph_forwards)
    assert loss_backward['ts'] == min(e['ts'] for e in backwards)


def test_trainer_traces_chosen_iterations(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(5, 'iteration'))
    seen_hooks = []
    trainer.extend(lambda trainer: seen_hooks.append(
        (trainer.updater.iteration, sorted(core.get_function_hooks()))), name='probe')
    trainer.extend(extensions.LogReport(trigger=(1, 'iteration')))
    trainer.extend(extensions.TimelineTrace(iterations=[2, 3]))
    trainer.run()
    assert not core.get_function_hooks()
    # The hook is installed in the traced iterations only.
    assert seen_hooks == [(1, []), (2, ['TimelineTrace']), (3, ['TimelineTrace']),
                          (4, []), (5, [])]
    placed = nest(load_trace(tmp_path / 'result' / 'timeline.json'))
    iterations = [e for e, parents in placed if e['cat'] == 'iteration']
    assert [e['name'] for e in iterations] == ['iteration 2', 'iteration 3']
    for e, parents in placed:
        if e['cat'] != 'iteration':
            assert parents and parents[0]['cat'] == 'iteration', e
    for iteration in iterations:
        inside = [e for e, parents in placed if parents and parents[0] is iteration]
        children = [e['name'] for e in inside if e['cat'] in ('updater', 'extension')]
        assert children == ['update', 'probe', 'LogReport']
        update, = [e for e in inside if e['name'] == 'update']
        functions = [e for e, parents in placed if update in parents]
        assert {e['cat'] for e in functions} == {'forward', 'backward'}
        assert {'LinearFunction', 'SoftmaxCrossEntropy', 'Accuracy'} <= {
            e['name'] for e in functions if e['cat'] == 'forward'}
