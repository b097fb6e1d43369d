"""Computational graphs as Graphviz DOT: the functions and variables behind outputs.

``build_computational_graph(outputs)`` walks backward from the outputs through each
variable's creator and each function's inputs, and ``ComputationalGraph.dump()``
writes the result in the DOT language (render it with ``dot -Tpng cg.dot -o cg.png``).
"""

from kusari import core

_DEFAULT_VARIABLE_STYLE = {'shape': 'octagon', 'fillcolor': '#E0E0E0', 'style': 'filled'}
_DEFAULT_FUNCTION_STYLE = {'shape': 'record', 'fillcolor': '#6495ED', 'style': 'filled'}
_RANKDIRS = ('TB', 'BT', 'LR', 'RL')


def _quote(text):
    return '"' + str(text).replace('\\', '\\\\').replace('"', '\\"') + '"'


class DotNode:
    """A node of the graph with its DOT attributes.

    Args:
        node: a VariableNode or a FunctionNode.
        attribute (dict): DOT attributes to add (e.g. a style).
        show_name (bool): prefix a variable's label with its name, if it has one.
    """

    def __init__(self, node, attribute=None, show_name=True):
        if not isinstance(node, (core.VariableNode, core.FunctionNode)):
            raise TypeError('DotNode: node must be a VariableNode or a FunctionNode, got {}'
                            .format(type(node).__name__))
        self.node = node
        self.id_ = id(node)
        self.attribute = {'label': node.label}
        if isinstance(node, core.VariableNode):
            if show_name and node.name is not None:
                self.attribute['label'] = '{}: {}'.format(node.name, node.label)
            self.attribute['shape'] = 'oval'
        else:
            self.attribute['shape'] = 'box'
        if attribute is not None:
            self.attribute.update(attribute)

    @property
    def label(self):
        """The DOT statement of the node: ``id [key="value",...];``."""
        attributes = ','.join('{}={}'.format(key, _quote(value))
                              for key, value in sorted(self.attribute.items()))
        return '{} [{}];'.format(self.id_, attributes)


def _style(style, default, what):
    if style == 'default':
        return dict(default)
    if style is None or isinstance(style, dict):
        return style
    raise TypeError("{} must be a dict, None or 'default', got {!r}".format(what, style))


class ComputationalGraph:
    """A graph of VariableNodes and FunctionNodes (a DAG), dumpable as DOT.

    Args:
        nodes (list): the nodes.
        edges (list): pairs ``(from, to)``: variable -> function for inputs,
            function -> variable for outputs.
        variable_style (dict, None or 'default'): DOT attributes of variables.
        function_style (dict, None or 'default'): DOT attributes of functions.
        rankdir (str): 'TB', 'BT', 'LR' or 'RL'.
        remove_variable (bool): draw only the functions, linked directly.
        show_name (bool): show the names of named variables.
    """

    def __init__(self, nodes, edges, variable_style='default', function_style='default',
                 rankdir='TB', remove_variable=False, show_name=True):
        if rankdir not in _RANKDIRS:
            raise ValueError('ComputationalGraph: rankdir must be one of {}, got {!r}'.format(
                ', '.join(_RANKDIRS), rankdir))
        self.nodes = list(nodes)
        self.edges = list(edges)
        self.variable_style = _style(variable_style, _DEFAULT_VARIABLE_STYLE, 'variable_style')
        self.function_style = _style(function_style, _DEFAULT_FUNCTION_STYLE, 'function_style')
        self.rankdir = rankdir
        self.remove_variable = remove_variable
        self.show_name = show_name

    def _dot_node(self, node):
        style = self.variable_style if isinstance(node, core.VariableNode) \
            else self.function_style
        return DotNode(node, style, self.show_name)

    def _to_dot(self):
        nodes, edges = self.nodes, self.edges
        if self.remove_variable:
            nodes, edges = _functions_only(nodes, edges)
        lines = ['digraph graphname{rankdir=' + self.rankdir + ';']
        lines.extend(self._dot_node(node).label for node in nodes)
        drawn = set()
        for head, tail in edges:
            if isinstance(head, core.VariableNode) == isinstance(tail, core.VariableNode) \
                    and not self.remove_variable:
                raise TypeError('ComputationalGraph: an edge must link a variable and a '
                                'function, got {} -> {}'.format(type(head).__name__,
                                                                type(tail).__name__))
            edge = (id(head), id(tail))
            if edge not in drawn:
                drawn.add(edge)
                lines.append('{} -> {};'.format(*edge))
        lines.append('}')
        return '\n'.join(lines) + '\n'

    def dump(self, format='dot'):
        """The graph as text; only ``format='dot'`` is supported."""
        if format == 'dot':
            return self._to_dot()
        raise NotImplementedError('ComputationalGraph.dump: format {!r} is not supported; '
                                  "use 'dot'".format(format))


def _functions_only(nodes, edges):
    """The function nodes, with an edge f -> g wherever an output of f is an input of g."""
    producers = {}
    for head, tail in edges:
        if isinstance(tail, core.VariableNode):
            producers.setdefault(id(tail), []).append(head)
    function_edges = []
    seen = set()
    for head, tail in edges:
        if isinstance(head, core.VariableNode):
            for producer in producers.get(id(head), ()):
                key = (id(producer), id(tail))
                if key not in seen:
                    seen.add(key)
                    function_edges.append((producer, tail))
    return [n for n in nodes if isinstance(n, core.FunctionNode)], function_edges


def build_computational_graph(outputs, remove_split=True, variable_style='default',
                              function_style='default', rankdir='TB', remove_variable=False,
                              show_name=True):
    """The graph of the functions and variables backward-reachable from ``outputs``.

    The walk stops at variables whose creator is gone (inputs, parameters, or
    variables after ``unchain_backward``).

    Args:
        outputs: a Variable, VariableNode or FunctionNode, or a list of them.
        remove_split (bool): must be True (kept for compatibility).
        variable_style, function_style, rankdir, remove_variable, show_name: as
            :class:`ComputationalGraph`.

    Returns:
        ComputationalGraph: the graph.
    """
    if not remove_split:
        raise ValueError('build_computational_graph: remove_split=False is not supported '
                         '(there are no split nodes)')
    if not isinstance(outputs, (list, tuple)):
        outputs = [outputs]
    nodes = []
    node_ids = set()
    edges = []
    edge_ids = set()

    def add_node(node):
        if id(node) not in node_ids:
            node_ids.add(id(node))
            nodes.append(node)
            stack.append(node)

    def add_edge(head, tail):
        if (id(head), id(tail)) not in edge_ids:
            edge_ids.add((id(head), id(tail)))
            edges.append((head, tail))

    stack = []
    for output in outputs:
        if isinstance(output, core.Variable):
            output = output.node
        if not isinstance(output, (core.VariableNode, core.FunctionNode)):
            raise TypeError('build_computational_graph: outputs must be Variables, '
                            'VariableNodes or FunctionNodes, got {}'.format(
                                type(output).__name__))
        add_node(output)
    while stack:
        node = stack.pop()
        if isinstance(node, core.VariableNode):
            creator = node.creator_node
            if creator is not None:
                add_node(creator)
                add_edge(creator, node)
        else:
            for input_node in node.inputs or ():
                add_node(input_node)
                add_edge(input_node, node)
    return ComputationalGraph(nodes, edges, variable_style, function_style, rankdir,
                              remove_variable, show_name)
