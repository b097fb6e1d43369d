"""What a converter receives, the registry of kusari's converters, and a node builder."""

import numpy


class FunctionConverterParams:
    """The arguments of a converter.

    A converter is ``converter(params) -> sequence of onnx.NodeProto``; the
    last nodes must produce ``params.output_names``.

    Attributes:
        func (FunctionNode): the function node to convert.
        opset_version (int): the opset to target.
        input_names (list of str): names of the node's inputs.
        output_names (list of str): names its outputs must have.
        context (Context): names of values; adds initializers and constants.
    """

    def __init__(self, func=None, opset_version=None, input_names=None, output_names=None,
                 context=None):
        self.func = func
        self.opset_version = opset_version
        self.input_names = input_names
        self.output_names = output_names
        self.context = context


class FunctionConverter:
    """Adapts ``converter(func, opset_version, input_names, output_names, context)``
    (Chainer's older converter signature) to ``converter(params)``."""

    def __init__(self, converter):
        self.converter = converter

    def __call__(self, params):
        return self.converter(params.func, params.opset_version, params.input_names,
                              params.output_names, params.context)


# Chainer FunctionNode class name -> converter(params); filled by @converts.
converters = {}
# class name -> the lowest opset its converter supports
minimum_opsets = {}


def converts(*names, since=7):
    """Registers the decorated converter for the function nodes ``names``.

    ``since``: the lowest opset in which it can express them.
    """
    def register(convert):
        def checked(params):
            if params.opset_version < since:
                raise RuntimeError(
                    'kusari cannot convert `{}` with ONNX opset_version {} (needs {} or '
                    'later)'.format(type(params.func).__name__, params.opset_version, since))
            return convert(params)
        checked.__wrapped__ = convert
        for name in names:
            converters[name] = checked
            minimum_opsets[name] = since
        return checked
    return register


class Builder:
    """Builds the nodes of one conversion, hiding how ops change across opsets.

    Every method returns the name of the value it makes; ``out=`` names it
    instead (the function's output names, for the last node).
    """

    def __init__(self, params):
        from kusari.onnx import onnx_helper

        self._name = onnx_helper.get_func_name()
        self._nodes = []
        self.params = params
        self.opset = params.opset_version
        self.func = params.func
        self.inputs = list(params.input_names)

    def op(self, op_type, inputs, out=None, n_out=1, **attrs):
        """Adds a node; returns its output name (a tuple of them for several)."""
        from onnx import helper

        name = '{}_tmp_{}'.format(self._name, len(self._nodes))
        if out is None:
            out = [name] if n_out == 1 else ['{}_{}'.format(name, i) for i in range(n_out)]
        elif isinstance(out, str):
            out = [out]
        if list(out) == list(self.params.output_names):
            name = self._name  # the node making the function's outputs is named after it
        self._nodes.append(helper.make_node(op_type, list(inputs), list(out), name=name,
                                            **attrs))
        return out[0] if len(out) == 1 else tuple(out)

    def output(self, op_type, inputs, **attrs):
        """The node producing the function's outputs."""
        return self.op(op_type, inputs, out=self.params.output_names, **attrs)

    def nodes(self):
        return tuple(self._nodes)

    def nodes_ending_with(self, value):
        """The nodes, ``value`` (a value the last node made, or an input) being the output."""
        if value in self.inputs:
            self.output('Identity', [value])
        else:
            last = self._nodes[-1]
            last.output[:] = self.params.output_names
            last.name = self._name
        return self.nodes()

    def const(self, value, dtype=numpy.float32, out=None):
        from onnx import numpy_helper
        return self.op('Constant', [], out=out,
                       value=numpy_helper.from_array(numpy.asarray(value, dtype)))

    def ints(self, values):
        """A 1-d int64 constant."""
        return self.const(list(values), numpy.int64)

    def in_shape(self, i=0):
        return self.func.inputs[i].shape

    def out_shape(self, i=0):
        return self.func.outputs[i]().shape

    def out_dtype(self, i=0):
        return numpy.dtype(self.func.outputs[i]().dtype)

    # ops whose attributes became inputs in some opset
    def unsqueeze(self, x, axes, out=None):
        if self.opset >= 13:
            return self.op('Unsqueeze', [x, self.ints(axes)], out)
        return self.op('Unsqueeze', [x], out, axes=list(axes))

    def squeeze(self, x, axes, out=None):
        if self.opset >= 13:
            return self.op('Squeeze', [x, self.ints(axes)], out)
        return self.op('Squeeze', [x], out, axes=list(axes))

    def reduce(self, op_type, x, axes=None, keepdims=False, out=None):
        """``op_type`` (ReduceSum, ReduceMax, ...) over ``axes`` (None: all)."""
        keepdims = int(bool(keepdims))
        since = 13 if op_type == 'ReduceSum' else 18
        if axes is None:
            return self.op(op_type, [x], out, keepdims=keepdims)
        if self.opset >= since:
            return self.op(op_type, [x, self.ints(axes)], out, keepdims=keepdims)
        return self.op(op_type, [x], out, axes=list(axes), keepdims=keepdims)

    def slice(self, x, starts, ends, axes, steps=None, out=None):
        if self.opset < 10:
            assert steps is None or all(s == 1 for s in steps)
            return self.op('Slice', [x], out, starts=list(starts), ends=list(ends),
                           axes=list(axes))
        inputs = [x, self.ints(starts), self.ints(ends), self.ints(axes)]
        if steps is not None:
            inputs.append(self.ints(steps))
        return self.op('Slice', inputs, out)

    def split(self, x, sizes, axis, out=None):
        if self.opset >= 13:
            return self.op('Split', [x, self.ints(sizes)], out, len(sizes), axis=axis)
        return self.op('Split', [x], out, len(sizes), axis=axis, split=list(sizes))

    def clip(self, x, low, high, out=None):
        if self.opset < 11:
            attrs = {}
            if low is not None:
                attrs['min'] = float(low)
            if high is not None:
                attrs['max'] = float(high)
            return self.op('Clip', [x], out, **attrs)
        dtype = self.func.inputs[0].dtype
        bounds = [self.const(b, dtype) if b is not None else '' for b in (low, high)]
        while bounds and bounds[-1] == '':
            bounds.pop()
        return self.op('Clip', [x] + bounds, out)

    def reshape(self, x, shape, out=None):
        return self.op('Reshape', [x, self.ints(shape)], out)

    def resize(self, x, mode, out=None, **attrs):
        """Resizes ``x`` from the function's input shape to its output's: Upsample before
        opset 10, Resize from then on; ``attrs`` (how coordinates map) are Resize-11's."""
        in_shape, out_shape = self.in_shape(), self.out_shape()
        scales = [float(o) / i for o, i in zip(out_shape, in_shape)]
        if self.opset < 9:
            return self.op('Upsample', [x], out, mode=mode, scales=scales)
        if self.opset < 10:
            return self.op('Upsample', [x, self.const(scales)], out, mode=mode)
        if self.opset < 11:
            return self.op('Resize', [x, self.const(scales)], out, mode=mode)
        empty = self.const([]) if self.opset < 13 else ''  # before 13 roi, scales required
        return self.op('Resize', [x, empty, empty, self.ints(out_shape)], out, mode=mode,
                       **attrs)

    def pad(self, x, pads, mode='constant', value=0., out=None):
        """``pads``: ONNX order, all begins then all ends."""
        if self.opset < 11:
            return self.op('Pad', [x], out, pads=list(pads), mode=mode, value=float(value))
        inputs = [x, self.ints(pads)]
        if mode == 'constant':
            inputs.append(self.const(value, self.func.inputs[0].dtype))
        return self.op('Pad', inputs, out, mode=mode)


def one_op(op_type, **attributes):
    """A converter that maps the node onto the ONNX op ``op_type`` of the same inputs;
    each attribute is a function of the node (e.g. ``alpha=lambda f: float(f.slope)``)."""
    def convert(params):
        b = Builder(params)
        b.output(op_type, b.inputs,
                 **{name: value(params.func) for name, value in attributes.items()})
        return b.nodes()
    return convert

def input_array(params, i):
    """The array the ``i``-th input of the function being converted had."""
    node = params.func.inputs[i]
    var = node.get_variable_or_none()
    if var is not None:
        return var.array
    if node.data is not None:
        return node.data
    return params.context.input_arrays[id(params.func)][1][i]
