import re
import shutil
import subprocess

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import computational_graph as c

NODE = re.compile(r'^(\d+) \[((?:\w+="(?:[^"\\]|\\.)*",?)+)\];$')
EDGE = re.compile(r'^(\d+) -> (\d+);$')


def parse_dot(text):
    """Checks the DOT text line by line; returns ({id: attributes}, [(from, to)])."""
    lines = text.strip().split('\n')
    assert re.match(r'^digraph graphname\{rankdir=(TB|BT|LR|RL);$', lines[0])
    assert lines[-1] == '}'
    nodes, edges = {}, []
    for line in lines[1:-1]:
        node, edge = NODE.match(line), EDGE.match(line)
        assert node or edge, line
        if node:
            nodes[node.group(1)] = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', node.group(2)))
        else:
            edges.append(edge.groups())
    assert all(a in nodes and b in nodes for a, b in edges)
    return nodes, edges


def graph():
    x = kusari.Variable(numpy.ones((2, 3), numpy.float32), name='x')
    w = kusari.Variable(numpy.ones((3, 4), numpy.float32), name='w "quoted"')
    h = F.matmul(x, w)
    y = F.sum(F.relu(h) + h)  # h feeds two functions
    return x, w, h, y


def test_nodes_and_edges_backward_from_the_output():
    x, _, h, y = graph()
    g = c.build_computational_graph([y])
    functions = [n for n in g.nodes if isinstance(n, kusari.FunctionNode)]
    variables = [n for n in g.nodes if isinstance(n, kusari.variable.VariableNode)]
    # Chainer's labels
    assert sorted(f.label for f in functions) == ['MatMul', 'ReLU', 'Sum', '_ + _']
    assert len(variables) == 6  # x, w, h, relu(h), relu(h) + h, y
    assert (h.node, h.creator_node) not in g.edges
    assert (h.creator_node, h.node) in g.edges and (x.node, h.creator_node) in g.edges
    assert len(g.edges) == 10
    nodes, edges = parse_dot(g.dump())
    labels = sorted(a['label'] for a in nodes.values())
    assert 'x: (2, 3), float32' in labels and 'w \\"quoted\\": (3, 4), float32' in labels
    assert all(a['shape'] == 'octagon' and a['fillcolor'] == '#E0E0E0'
               for a in nodes.values() if a['label'] not in ('_ + _', 'MatMul', 'ReLU', 'Sum'))
    assert len(edges) == 10


def test_options():
    _, _, h, y = graph()
    nodes, edges = parse_dot(c.build_computational_graph(y, remove_variable=True).dump())
    assert sorted(a['label'] for a in nodes.values()) == ['MatMul', 'ReLU', 'Sum', '_ + _']
    assert len(edges) == 4  # MatMul->ReLU, MatMul->Add, ReLU->Add, Add->Sum
    g = c.build_computational_graph([y], variable_style=None, function_style={'color': 'red'},
                                    rankdir='LR', show_name=False)
    text = g.dump()
    nodes, _ = parse_dot(text)
    assert 'rankdir=LR' in text
    assert '(2, 3), float32' in [a['label'] for a in nodes.values()]
    assert all(a['color'] == 'red' and a['shape'] == 'box' for a in nodes.values()
               if a['label'] == 'Sum')
    only_h = c.build_computational_graph([h.node])
    assert len(only_h.nodes) == 4


def test_unchained_variables_end_the_walk():
    _, _, h, y = graph()
    h.unchain_backward()
    labels = sorted(n.label for n in c.build_computational_graph(y).nodes
                    if isinstance(n, kusari.FunctionNode))
    assert labels == ['ReLU', 'Sum', '_ + _']


def test_bad_arguments():
    _, _, _, y = graph()
    with pytest.raises(ValueError, match='rankdir must be one of'):
        c.build_computational_graph([y], rankdir='XY')
    with pytest.raises(NotImplementedError, match="format 'png' is not supported"):
        c.build_computational_graph([y]).dump('png')
    with pytest.raises(TypeError, match='outputs must be Variables'):
        c.build_computational_graph([numpy.ones(3)])
    with pytest.raises(ValueError, match='remove_split=False'):
        c.build_computational_graph([y], remove_split=False)
    with pytest.raises(TypeError, match='variable_style must be a dict'):
        c.build_computational_graph([y], variable_style='fancy')


@pytest.mark.skipif(shutil.which('dot') is None, reason='Graphviz is not installed')
def test_graphviz_accepts_the_output(tmp_path):
    _, _, _, y = graph()
    path = tmp_path / 'g.dot'
    path.write_text(c.build_computational_graph(y).dump())
    subprocess.run(['dot', '-Tsvg', str(path), '-o', str(tmp_path / 'g.svg')], check=True)
