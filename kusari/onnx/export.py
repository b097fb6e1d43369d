"""``export``: runs a model once and writes the graph it recorded as an ONNX model."""

import collections
import warnings

import kusari
from kusari.function_hook import FunctionHook
from kusari.link_hook import LinkHook
from kusari.onnx import _onnx

MINIMUM_OPSET_VERSION = 7
# The newest opset whose ops onnxruntime (1.32) runs for every converter: it lacks
# MaxRoiPool-22 (ROIPooling2D); the other converters also pass up to opset 28.
MAXIMUM_OPSET_VERSION = 21


def convert_parameter(parameter, context):
    """The ``onnx.TensorProto`` of a Parameter, Variable or array, named by ``context``."""
    numpy_helper = _onnx.require().numpy_helper
    if isinstance(parameter, kusari.Variable):
        array = parameter.array
    elif isinstance(parameter, kusari.get_array_types()):
        array = parameter
    else:
        raise ValueError(
            'The type of parameter is unknown. It should be either Parameter or Variable or '
            'ndarray, but the type was {}.'.format(type(parameter)))
    return numpy_helper.from_array(kusari.cuda.to_cpu(array), context.get_name(parameter))


class RetainInputHook(LinkHook):
    """Keeps the inputs of the functions applied while it is active.

    The graph holds the inputs of a function node through their nodes only; an
    input the forward made and dropped (an array operand, a constant tensor)
    would lose its value. The hook keeps every input that is not an argument of
    the link being called (those the caller keeps), in ``retain_inputs``, and
    the input arrays of each function, in ``input_arrays``.
    """

    name = 'RetainInputHook'

    def __init__(self):
        self.link_inputs = set()  # ids of the arrays of the current link call's Variables
        self.retain_inputs = []
        self.input_arrays = {}
        self._function_hook = _InputRecorder(self)

    def _argument_arrays(self, args):
        if isinstance(args, kusari.Variable):
            return {id(args.array)}
        if isinstance(args, (list, tuple)):
            return set().union(*map(self._argument_arrays, args)) if args else set()
        if isinstance(args, dict):
            return self._argument_arrays(list(args.values()))
        return set()

    def forward_preprocess(self, args):
        self.link_inputs |= self._argument_arrays(args.args)
        self.link_inputs |= self._argument_arrays(args.kwargs)

    def forward_postprocess(self, args):
        self.link_inputs.clear()

    def _record(self, function, in_data):
        self.input_arrays[id(function)] = (function, tuple(in_data))
        for array in in_data:
            if id(array) not in self.link_inputs:
                self.retain_inputs.append(array)

    def __enter__(self):
        self._function_hook.__enter__()
        return super().__enter__()

    def __exit__(self, *exc_details):
        self._function_hook.__exit__(*exc_details)
        super().__exit__(*exc_details)


class _InputRecorder(FunctionHook):
    name = 'RetainInputHook'

    def __init__(self, owner):
        self._owner = owner

    def forward_postprocess(self, function, in_data):
        self._owner._record(function, in_data)


def _as_variable(arg):
    return kusari.Variable(arg) if isinstance(arg, kusari.get_array_types()) else arg


def _flat_inputs(args):
    """``(args to call the model with, [(key, Variable)])`` for the kinds of args."""
    if isinstance(args, (list, tuple)):
        args = [_as_variable(a) for a in args]
        return args, list(enumerate(args))
    if isinstance(args, dict):
        args = {k: _as_variable(a) for k, a in args.items()}
        return args, list(args.items())
    if isinstance(args, (kusari.Variable,) + tuple(kusari.get_array_types())):
        args = _as_variable(args)
        return args, [(0, args)]
    raise ValueError(
        "The 'args' argument should be a list, tuple, dict, numpy array, or Chainer Variable. "
        'But a {} object was given.'.format(type(args)))


def _user_names(structure, names, prefix):
    """The names the user gave for the values of ``structure``, in its order.

    ``structure``: a list/tuple, dict or single Variable; ``names``: None, a str,
    a list or (for a dict) a dict keyed like it.
    """
    if isinstance(structure, dict):
        keys = list(structure)
        if names is None:
            return ['{}_{}'.format(prefix, i) for i in range(len(keys))]
        if not isinstance(names, (list, tuple, dict)) or len(names) != len(keys):
            raise ValueError('Replacing name dict is not match with input (or output) variables')
        if isinstance(names, (list, tuple)):
            return list(names)
        missing = [k for k in keys if k not in names]
        if missing:
            raise ValueError('Key of replacing name is not found in variables: {}'.format(missing))
        return [names[k] for k in keys]
    if isinstance(structure, (list, tuple)):
        if names is None:
            return ['{}_{}'.format(prefix, i) for i in range(len(structure))]
        if not isinstance(names, (list, tuple)) or len(names) != len(structure):
            raise ValueError(
                'Replacing name list is not match with input (or output) variables')
        return list(names)
    if not names:
        return [prefix + '_0']
    if isinstance(names, str):
        return [names]
    if isinstance(names, (list, tuple)) and len(names) == 1:
        return list(names)
    raise ValueError('Replacing name must be single')


def _customized_shapes(args, shapes):
    """``input_shapes`` as a list in the order of the inputs, checked against them."""
    if isinstance(args, (list, tuple)):
        if not isinstance(shapes, list) or len(args) != len(shapes):
            raise ValueError('Customized shapes cannot fit for input list')
        arrays = list(args)
    elif isinstance(args, dict):
        if not isinstance(shapes, (list, dict)) or len(args) != len(shapes):
            raise ValueError('Customized shapes cannot fit for input dict')
        if isinstance(shapes, list):
            shapes = dict(zip(args, shapes))
        for key in args:
            if key not in shapes:
                raise ValueError('Key "{}" is not found in customized shapes'.format(key))
        arrays, shapes = list(args.values()), [shapes[k] for k in args]
    else:
        if isinstance(shapes, list):
            if len(shapes) != 1:
                raise ValueError('Customized shape must be single')
        elif isinstance(shapes, tuple):
            shapes = [shapes]
        else:
            raise ValueError('Type {} is not supported for single input'.format(type(shapes)))
        arrays = [args]
    for i, (array, shape) in enumerate(zip(arrays, shapes)):
        if len(array.shape) != len(shape):
            raise ValueError('Index-{} shape length must be same as input'.format(i))
    return shapes


def _flat_outputs(outputs):
    if isinstance(outputs, dict):
        flat = list(outputs.values())
    elif isinstance(outputs, (list, tuple)):
        flat = list(outputs)
    elif isinstance(outputs, kusari.Variable):
        flat = [outputs]
    else:
        raise RuntimeError('Unexpected output type from the model: {}'.format(type(outputs)))
    if not all(isinstance(o, kusari.Variable) for o in flat):
        raise ValueError("The all 'outputs' must be Chainer Variable")
    return flat


def export(model, args, filename=None, export_params=True, graph_name='Graph',
           save_text=False, opset_version=None, input_names=None, output_names=None,
           train=False, return_named_inout=False, external_converters=None,
           external_opset_imports=None, input_shapes=None, no_testcase=False):
    """Exports a model in ONNX format.

    The model runs once on ``args`` (``model(*args)`` for a list or tuple,
    ``model(**args)`` for a dict, ``model(args)`` otherwise) and the graph it
    records is converted node by node, each function node by the converter
    registered under its class name.

    Args:
        model (~kusari.Chain): the model.
        args (list, tuple, dict, array or Variable): the model's arguments.
        filename (str or file-like): where to write the model; None writes nothing.
        export_params (bool): include the parameters as initializers (else they
            are graph inputs).
        graph_name (str): the graph's name.
        save_text (bool): also write the model as text to ``filename + '.txt'``.
        opset_version (int): the ONNX opset; None is ``MAXIMUM_OPSET_VERSION``
            (or the newest the installed onnx knows, if older).
        input_names (str, list or dict): names of the graph inputs, one per arg
            (a dict keyed like ``args`` for a dict).
        output_names (str, list or dict): names of the graph outputs.
        train (bool): run the model with ``config.train`` set.
        return_named_inout (bool): also return the inputs and outputs by name.
        external_converters (dict): converters ``f(params)`` keyed by function
            node class name; they take precedence over kusari's.
        external_opset_imports (dict): opset versions keyed by the domains the
            external converters use.
        input_shapes (tuple, list or dict): shapes of the graph inputs, with
            names (str) for dynamic axes, e.g. ``('batch', 3, 224, 224)``.
        no_testcase (bool): silence the warning that writing a model without
            test data (:func:`export_testcase`) is deprecated.

    Returns:
        onnx.ModelProto, or ``(model, inputs, outputs)`` with
        ``return_named_inout``: ordered dicts of Variables keyed by graph name.
    """
    onnx = _onnx.require()
    if filename is not None and not no_testcase:
        warnings.warn('Exporting ONNX without testcases is deprecated. '
                      'Use export_testcase instead', DeprecationWarning, stacklevel=2)
    newest = min(onnx.defs.onnx_opset_version(), MAXIMUM_OPSET_VERSION)
    if opset_version is None:
        opset_version = newest
    elif not MINIMUM_OPSET_VERSION <= opset_version <= MAXIMUM_OPSET_VERSION:
        warnings.warn(
            'kusari.onnx is tested with opset_version {} to {}; the model exported with '
            'opset_version {} may not work.'.format(
                MINIMUM_OPSET_VERSION, MAXIMUM_OPSET_VERSION, opset_version), stacklevel=2)
    if input_shapes is not None:
        input_shapes = _customized_shapes(args, input_shapes)

    with kusari.using_config('train', train), kusari.using_config('in_recomputing', True), \
            kusari.using_config('enable_backprop', True):
        return _export(onnx, model, args, filename, export_params, graph_name, save_text,
                       opset_version, input_names, output_names, return_named_inout,
                       external_converters, external_opset_imports, input_shapes)


def _export(onnx, model, args, filename, export_params, graph_name, save_text, opset_version,
            input_names, output_names, return_named_inout, external_converters,
            external_opset_imports, input_shapes):
    from onnx import helper

    from kusari.onnx import mapping
    from kusari.onnx.context import Context
    from kusari.onnx.graph import Graph

    context = Context(model)
    with RetainInputHook() as retainer, mapping.patch_functions():
        args, inputs = _flat_inputs(args)
        if isinstance(args, dict):
            outputs = model(**args)
        elif isinstance(args, list):
            outputs = model(*args)
        else:
            outputs = model(args)
        network_inputs = collections.OrderedDict()
        for name, (_, var) in zip(_user_names(args, input_names, 'Input'), inputs):
            context.set_name(var, name, pinned=True)
            network_inputs[name] = var

        flat_outputs = _flat_outputs(outputs)
        if output_names:
            for var, name in zip(flat_outputs, _user_names(outputs, output_names, 'Output')):
                context.set_name(var, name, pinned=True)
        network_outputs = collections.OrderedDict(
            (context.get_name(var), var) for var in flat_outputs)

        initializers = []
        param_inputs = []
        param_names = set()
        for path, param in model.namedparams():
            if param.array is None:
                warnings.warn("The parameter '{}' is not initialized, skip setting to ONNX "
                              'graph'.format(path), stacklevel=3)
                continue
            tensor = convert_parameter(param, context)
            param_names.add(tensor.name)
            initializers.append(tensor)
            param_inputs.append(helper.make_tensor_value_info(
                tensor.name, tensor.data_type, tensor.dims))

        converters = mapping.converters
        if external_converters:
            kusari.utils.experimental('external_converters')
            converters = dict(converters, **external_converters)
        context.input_arrays = retainer.input_arrays
        graph = Graph(context, converters, opset_version, param_names | set(network_inputs),
                      network_outputs)
        graph.to_onnx_graph()

    for name, var in network_outputs.items():
        if var.creator_node is None and name not in network_inputs:
            # an output made outside the graph (a new Variable of computed values): a constant
            graph.graph.append(helper.make_node('Constant', [], [name], name=name, value=(
                onnx.numpy_helper.from_array(kusari.cuda.to_cpu(var.array), name))))
    for name, value in context.implicit_inputs.items():
        if isinstance(value, kusari.Variable):
            value = value.array
        initializers.append(onnx.numpy_helper.from_array(kusari.cuda.to_cpu(value), name))
    for array in context.parameters:
        initializers.append(convert_parameter(array, context))

    input_infos = []
    for i, (name, var) in enumerate(network_inputs.items()):
        shape = var.shape if input_shapes is None else input_shapes[i]
        input_infos.append(helper.make_tensor_value_info(
            name, helper.np_dtype_to_tensor_dtype(var.dtype), shape))
    output_infos = [
        helper.make_tensor_value_info(name, helper.np_dtype_to_tensor_dtype(var.dtype),
                                      [None] * var.ndim if input_shapes is not None else var.shape)
        for name, var in network_outputs.items()]
    if not export_params:  # the parameters become inputs the user feeds
        input_infos += param_inputs
        initializers = [t for t in initializers if t.name not in param_names]

    opset_imports = [helper.make_operatorsetid('', opset_version)]
    if external_opset_imports:
        kusari.utils.experimental('external_opset_imports')
        opset_imports += [helper.make_operatorsetid(domain, version)
                          for domain, version in external_opset_imports.items()]
    onnx_model = helper.make_model(
        helper.make_graph(graph.graph, graph_name, input_infos, output_infos,
                          initializer=initializers),
        producer_name='kusari', producer_version=kusari.__version__,
        opset_imports=opset_imports)
    _check(onnx, onnx_model, external_converters, external_opset_imports)
    if input_shapes is not None:
        onnx_model = onnx.shape_inference.infer_shapes(onnx_model)
        _check(onnx, onnx_model, external_converters, external_opset_imports)

    if isinstance(filename, str):
        with open(filename, 'wb') as f:
            f.write(onnx_model.SerializeToString())
        if save_text:
            with open(filename + '.txt', 'w') as f:
                print(onnx_model, file=f)
    elif hasattr(filename, 'write'):
        filename.write(onnx_model.SerializeToString())

    if return_named_inout:
        kusari.utils.experimental('return_named_inout')
        return onnx_model, network_inputs, network_outputs
    return onnx_model


def _check(onnx, onnx_model, external_converters, external_opset_imports):
    try:
        onnx.checker.check_model(onnx_model)
    except onnx.checker.ValidationError as error:
        # Ops of external converters have no schema the checker knows unless
        # their domain is imported; accept them with a warning.
        if not external_converters or external_opset_imports:
            raise
        warnings.warn(
            'ValidationError is occurred but ignored. kusari recommends to set '
            '`external_opset_imports` when using `external_converters` on exporting. Please '
            'take care about ONNX format check is insufficient. Error message:\n{}'.format(
                error), UserWarning, stacklevel=3)
