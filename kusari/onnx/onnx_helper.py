"""Small helpers around ``onnx.helper`` that converters use (Chainer's ``onnx_helper``).

onnx is imported when a helper runs: importing this module does not need it.
"""

from kusari.onnx._onnx import require as _onnx

# The name of the node being converted; nodes a converter makes are named after it.
_func_name = None


def set_func_name(func_name):
    """Sets the name of the Chainer function being converted."""
    global _func_name
    _func_name = func_name


def get_func_name():
    """The name of the Chainer function being converted (e.g. ``ReLU_0``)."""
    assert _func_name is not None, 'no function is being converted'
    return _func_name


def make_node(*args, **kwargs):
    """``onnx.helper.make_node`` naming the node after the function being converted."""
    return _onnx().helper.make_node(*args, name=get_func_name(), **kwargs)


class GraphBuilder:
    """Builds a chain of ONNX nodes for one converter; temporaries get unique names."""

    def __init__(self):
        self._nodes = []
        self._func_name = get_func_name()

    def node_name(self):
        return '{}_tmp_{}'.format(self._func_name, len(self._nodes))

    def op(self, op_name, input_names, num_outputs=1, **kwargs):
        """Adds a node; returns its output name (a tuple of names for several)."""
        name = self.node_name()
        if num_outputs == 1:
            outputs = [name]
        else:
            outputs = ['{}_{}'.format(name, i) for i in range(num_outputs)]
        return self.op_output_named(op_name, input_names, outputs, **kwargs)

    def op_output_named(self, op_name, input_names, output_names, **kwargs):
        """Adds a node whose outputs have the given names; returns them as ``op`` does."""
        if isinstance(input_names, str):  # a string would be taken as one input per letter
            raise TypeError('input_names must be a list of names, not a str')
        node = _onnx().helper.make_node(
            op_name, list(input_names), list(output_names), name=self.node_name(), **kwargs)
        self._nodes.append(node)
        return node.output[0] if len(node.output) == 1 else tuple(node.output)

    def nodes(self, output_names=None):
        """The nodes made so far, the last one renamed to ``output_names`` if given."""
        if output_names is not None:
            last = self._nodes[-1]
            assert len(last.output) == len(output_names)
            last.output[:] = output_names
        return tuple(self._nodes)


def write_tensor_pb(filename, name, value):
    """Writes an array as a serialized ``TensorProto`` named ``name``."""
    with open(filename, 'wb') as f:
        f.write(_onnx().numpy_helper.from_array(value, name).SerializeToString())


def cleanse_param_name(name):
    """ONNX name of a Chainer parameter path: ``/l1/W`` -> ``param_l1_W``."""
    return 'param' + name.replace('/', '_')


def is_support_non_standard_domain():
    """Whether the checker skips schema checks of ops outside the standard domain.

    True since onnx 1.5.
    """
    major, minor = _onnx().__version__.split('.')[:2]
    return (int(major), int(minor)) >= (1, 5)
