"""Make a Python function appear in the graph as one function node.

``fake_as_funcnode`` wraps a function so that its call is recorded as a single
node (named as the user says) whose converter the user provides, e.g. to
export what the graph cannot see (a computation on arrays) as an ONNX op.
"""

import inspect

import kusari


_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def _is_var(value):
    return isinstance(value, kusari.Variable)


def _flatten(values):
    if not isinstance(values, (list, tuple)):
        return [values]
    return [leaf for value in values for leaf in _flatten(value)]


class WrappedFunctionNode(kusari.FunctionNode):
    """A function node that runs ``func(*args, **kwargs)`` as its forward.

    Args:
        name (str): the node's name (``custom_function_node_name``), which
            selects its converter.
        func: the function.
        args, kwargs: its arguments.
        arg_vars (list): the Variables among them: the node's inputs.
        attributes (dict): set as attributes of the node, for the converter.
    """

    def __init__(self, name, func, args, kwargs, arg_vars, attributes=None):
        self.custom_function_node_name = name
        self.func = func
        self.args = args
        self.kwargs = kwargs
        self.arg_vars = arg_vars
        self.internal_results = None
        self.skeleton = None
        for key, value in (attributes or {}).items():
            setattr(self, key, value)

    def forward(self, inputs):
        assert len(inputs) == len(self.arg_vars)
        results = []

        def record(value):  # the structure of the result, with indexes for leaves
            if isinstance(value, (tuple, list)):
                return type(value)(record(v) for v in value)
            if isinstance(value, dict):
                return {k: record(v) for k, v in value.items()}
            results.append(value)
            return len(results) - 1

        self.skeleton = record(self.func(*self.args, **self.kwargs))
        if all(_is_var(r) for r in results):
            self.internal_results = results  # their graph gives the backward
        arrays = tuple(r.array if _is_var(r) else r for r in results)
        if not all(isinstance(a, kusari.get_array_types()) for a in arrays):
            raise ValueError(
                "returned values from the function wrapped by 'as_funcnode' must consist only "
                'array, function name: {}'.format(self.custom_function_node_name))
        return arrays

    def backward(self, target_input_indexes, grad_outputs):
        if self.internal_results is None:
            raise ValueError('the target function does not support backward, propagation '
                             'is failed')
        # outputs that received no gradient add nothing (kusari.grad would take them as ones)
        pairs = [(y, g) for y, g in zip(self.internal_results, grad_outputs) if g is not None]
        if not pairs:
            return (None,) * len(self.arg_vars)
        ys, gys = zip(*pairs)
        grads = kusari.grad(list(ys), self.arg_vars, grad_outputs=list(gys))
        return tuple(g if i in target_input_indexes else None for i, g in enumerate(grads))

    def reconstruct_return_value(self, outputs):
        """The outputs in the structure the wrapped function returned."""
        def build(skeleton):
            if isinstance(skeleton, (tuple, list)):
                return type(skeleton)(build(s) for s in skeleton)
            if isinstance(skeleton, dict):
                return {k: build(s) for k, s in skeleton.items()}
            return outputs[skeleton]
        return build(self.skeleton)


def fake_as_funcnode(alt_func, name, rename_attributes=None, experimental_warning=True):
    """Wraps ``alt_func`` so that a call is recorded as one node named ``name``.

    The Variables among the arguments (also inside lists and tuples of
    Variables only) become the node's inputs; every other argument, defaults
    included, becomes an attribute of the node named after the keyword or
    ``arg<index>`` for positional ones, unless ``rename_attributes`` (pairs of
    ``(index or keyword, new name)``) renames it. ``alt_func`` must return
    arrays or Variables, alone or in tuples, lists and dicts; the wrapped
    function returns Variables in the same structure.
    """
    renames = dict(rename_attributes or ())
    signature = inspect.signature(alt_func)

    def wrapped(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        kwargs = dict(kwargs)
        for i, (key, value) in enumerate(bound.arguments.items()):
            # defaults of the parameters not given positionally; a ``**kwargs`` parameter
            # holds the keywords given, already in kwargs
            if i >= len(args) and signature.parameters[key].kind not in _VARIADIC:
                kwargs[key] = value
        inputs = []
        attributes = {}
        for key, value in list(enumerate(args)) + list(kwargs.items()):
            if _is_var(value):
                inputs.append(value)
                continue
            if isinstance(value, (tuple, list)):
                leaves = _flatten(value)
                is_var = [_is_var(leaf) for leaf in leaves]
                if leaves and all(is_var):
                    inputs.extend(leaves)
                    continue
                if any(is_var):
                    raise ValueError(
                        'arguments mixed variable and other type are not supported')
            default = key if isinstance(key, str) else 'arg{}'.format(key)
            attributes[renames.get(key, default)] = value
        if not inputs:
            raise ValueError(
                "arguments of the function wrapped by 'as_funcnode' must include at least "
                'one chainer.Variable, function name: {}'.format(name))
        node = WrappedFunctionNode(name, alt_func, args, kwargs, inputs, attributes)
        return node.reconstruct_return_value(node.apply(inputs))

    if experimental_warning:
        kusari.utils.experimental('as_funcnode')
    return wrapped


def as_funcnode(name, rename_attributes=None):
    """Decorator form of :func:`fake_as_funcnode`."""
    def decorate(func):
        return fake_as_funcnode(func, name, rename_attributes=rename_attributes)
    return decorate
