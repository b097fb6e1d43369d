"""Names of the values of the graph being exported, shared by the walker and converters."""

import kusari
from kusari.onnx import onnx_helper


def _aliases(obj):
    """The objects that stand for the same value as ``obj``.

    A Variable, its node and its array are one value: converters may hold any
    of them (``F.where`` keeps its condition as an array, for instance).
    """
    if isinstance(obj, kusari.Variable):
        return obj, obj.node, obj.array
    if isinstance(obj, kusari.variable.VariableNode):
        var = obj.get_variable_or_none()
        if var is not None:
            return obj, var, var.array
    return obj,


class Context:
    """Names of values (ONNX edge names) and what the export adds to the graph.

    Attributes:
        parameters (list): arrays converters added as initializers.
        constants (list): ``Constant`` nodes converters added; they are put
            before the nodes of the function being converted.
        implicit_inputs (dict): values the graph uses that are neither network
            inputs nor the model's parameters, keyed by name; they become
            initializers.
    """

    def __init__(self, model):
        self._names = {}  # id -> (name, pinned, object); the object keeps the id valid
        self.parameters = []
        self.constants = []
        self.implicit_inputs = {}
        # id(function node) -> (node, its input arrays), recorded while the model ran
        self.input_arrays = {}
        links = dict(model.namedlinks())
        self._param_to_link = {}
        for path, param in model.namedparams():
            link_path = path[:path.rindex('/')]
            if link_path in links:
                self._param_to_link[id(param)] = (
                    onnx_helper.cleanse_param_name(link_path), links[link_path])
            self.set_name(param, onnx_helper.cleanse_param_name(path))

    def _lookup(self, obj):
        for alias in _aliases(obj)[:2]:  # an array alone is looked up by its own id
            entry = self._names.get(id(alias))
            if entry is not None:
                return entry
        return None

    def find_name(self, variable):
        """The name of a value, or None if it has none yet."""
        entry = self._lookup(variable)
        return None if entry is None else entry[0]

    def get_name(self, variable):
        """The name of a value (Variable, VariableNode or array), made up if new."""
        entry = self._lookup(variable)
        if entry is not None:
            return entry[0]
        name = 'v{}'.format(len(self._names))
        self.set_name(variable, name)
        return name

    def set_name(self, variable, name, pinned=False):
        """Names a value; a ``pinned`` name (a user's input or output name) stays."""
        assert not self.is_pinned(variable), 'the name of a pinned value cannot change'
        for alias in _aliases(variable):
            self._names[id(alias)] = (name, pinned, alias)

    def is_pinned(self, variable):
        entry = self._lookup(variable)
        return entry is not None and entry[1]

    def add_param(self, array, name, use_original_name=False):
        """Adds an array as an initializer; returns its name.

        Unless ``use_original_name``, the name is prefixed with the function's
        (``BatchNormalization_0_param_avg_mean`` for ``avg_mean``).
        """
        if not use_original_name:
            if not name.startswith(('/', '_')):
                name = '/' + name
            name = '{}_{}'.format(
                onnx_helper.get_func_name(), onnx_helper.cleanse_param_name(name))
        self.set_name(array, name)
        self.parameters.append(array)
        return name

    def add_const(self, array, name):
        """Adds an array as a ``Constant`` node; returns its output name."""
        from onnx import numpy_helper

        assert '/' not in name
        onnx_name = '{}_const_{}'.format(onnx_helper.get_func_name(), name)
        self.set_name(array, onnx_name)
        self.constants.append(onnx_helper.make_node(
            'Constant', [], [onnx_name], value=numpy_helper.from_array(array, onnx_name)))
        return onnx_name

    def get_link(self, param):
        """``(onnx name of the link, link)`` owning ``param``, or None."""
        return self._param_to_link.get(id(param))
