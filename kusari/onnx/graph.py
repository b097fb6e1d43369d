"""Walks the graph kusari recorded and converts each function node to ONNX nodes."""

import heapq

from kusari.onnx import onnx_helper
from kusari.onnx.functions.converter import FunctionConverterParams


def function_nodes(outputs):
    """The function nodes that ``outputs`` (Variables) depend on, inputs first."""
    found = {}
    heap = []  # by decreasing rank, so a node is met after every node that uses it
    for var in outputs:
        creator = var.creator_node
        if creator is not None and id(creator) not in found:
            found[id(creator)] = creator
            heapq.heappush(heap, (-creator.rank, len(found), creator))
    order = []
    while heap:
        _, _, func = heapq.heappop(heap)
        order.append(func)
        for node in func.inputs:
            creator = node.creator_node
            if creator is not None and id(creator) not in found:
                found[id(creator)] = creator
                heapq.heappush(heap, (-creator.rank, len(found), creator))
    return order[::-1]


class Graph:
    """The ONNX nodes of a recorded graph.

    Args:
        context (Context): names of the values.
        converters (dict): converter functions keyed by function node class name.
        opset_version (int): the opset the nodes target.
        explicit_input_names (set): names of the network inputs and parameters.
        network_outputs (dict): output Variables keyed by name; the names are
            updated (in place, keeping the order) to the names the walk gives.
    """

    def __init__(self, context, converters, opset_version, explicit_input_names,
                 network_outputs):
        self.context = context
        self.converters = converters
        self.opset_version = opset_version
        self.explicit_input_names = explicit_input_names
        self.network_outputs = network_outputs
        self.graph = []
        self._name_counts = {}
        self.function_nodes = function_nodes(list(network_outputs.values()))

    def to_onnx_graph(self):
        for func in self.function_nodes:
            self.convert_to_onnx_node(func)

    def _input_name(self, func, index, node):
        var = node.get_variable_or_none()
        name = self.context.get_name(node if var is None else var)
        if node.creator_node is None and name not in self.explicit_input_names:
            # a constant the forward made (an array operand, a tensor built inside)
            if var is not None:
                value = var
            elif node.data is not None:
                value = node.data
            else:
                value = self.context.input_arrays[id(func)][1][index]
            self.context.implicit_inputs[name] = value
        return name

    def convert_to_onnx_node(self, func):
        func_name = getattr(func, 'custom_function_node_name', type(func).__name__)
        count = self._name_counts.get(func_name, 0)
        self._name_counts[func_name] = count + 1
        base_name = '{}_{}'.format(func_name, count)

        input_names = [self._input_name(func, i, node) for i, node in enumerate(func.inputs)]
        output_names = []
        renamed = {}
        for i, ref in enumerate(func.outputs):
            node = ref()
            value = ref if node is None else node
            name = self.context.get_name(value)
            if not self.context.is_pinned(value):
                new_name = base_name if len(func.outputs) == 1 else '{}_{}'.format(base_name, i)
                self.context.set_name(value, new_name)
                renamed[name] = new_name
                name = new_name
            output_names.append(name)
        if any(name in self.network_outputs for name in renamed):
            items = [(renamed.get(k, k), v) for k, v in self.network_outputs.items()]
            self.network_outputs.clear()
            self.network_outputs.update(items)

        converter = self.converters.get(func_name)
        if converter is None:
            raise ValueError('{} is not supported'.format(func_name))
        onnx_helper.set_func_name(base_name)
        params = FunctionConverterParams(
            func, self.opset_version, input_names, output_names, self.context)
        nodes = list(converter(params))
        self.graph.extend(self.context.constants)
        self.context.constants.clear()
        self.graph.extend(nodes)
