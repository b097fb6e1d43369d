"""PyTorch inside kusari graphs and kusari inside PyTorch graphs, sharing memory.

- :func:`call_torch` runs a PyTorch callable as a kusari function;
- :func:`call_kusari` runs a kusari callable as a ``torch.autograd.Function``;
- :class:`TorchLink` is a kusari Link running a ``torch.nn.Module`` (a kusari optimizer
  trains the module);
- :class:`KusariModule` is a ``torch.nn.Module`` running a kusari Link (a PyTorch
  optimizer trains the link).

Arrays and tensors cross over through DLPack, without copying; parameters are shared,
so an update on either side is seen on the other. Each side keeps the graph the other
recorded in its forward pass, and the backward of a call is the same kind of call
applied to the other side's vector-Jacobian product, so gradients of any order flow
through (``kusari.grad(..., enable_double_backprop=True)``, ``torch.autograd.grad(...,
create_graph=True)``).
"""

try:
    import torch
except ImportError as error:
    raise ImportError('kusari.interop.torch needs PyTorch: pip install "kusari[torch]" '
                      '(or a PyTorch build for your machine)') from error

import kusari
from kusari import backend, core
from kusari.variable import Parameter
from kusari import link as link_module
from kusari.configuration import config


def _shareable(array):
    # PyTorch takes read-only memory as writable (it ignores DLPack's flag) and aborts on
    # negative strides, so such arrays (a broadcast gradient, a reversed view) go over
    # as a copy; every other array is shared.
    flags = array.flags
    if not getattr(flags, 'writeable', True) or any(s < 0 for s in array.strides):
        return backend.get_array_module(array).array(array)
    return array


def _tensor(array):
    return torch.from_dlpack(_shareable(array))


def _leaf(array):
    tensor = _tensor(array)
    return tensor.requires_grad_(tensor.is_floating_point() or tensor.is_complex())


def _as_tuple(outputs, kind):
    if isinstance(outputs, kind):
        return (outputs,), True
    return tuple(outputs), False


class _TorchFunction(core.FunctionNode):
    """Runs ``fn`` on tensors sharing the inputs' memory and keeps PyTorch's graph.

    ``leaves`` are tensors reused for the first inputs: a gradient's call runs on the
    leaves of the call it differentiates, so PyTorch's graph links the two.
    """

    _input_indexes_to_retain = core.ALL_INPUTS

    def __init__(self, fn, leaves=()):
        self.fn = fn
        self._reused = tuple(leaves)

    @property
    def label(self):
        return 'TorchFunction({})'.format(getattr(self.fn, '__name__', type(self.fn).__name__))

    def forward(self, inputs):
        self._leaves = self._reused + tuple(_leaf(a) for a in inputs[len(self._reused):])
        # PyTorch records a graph only when kusari does (not under no_backprop_mode).
        with torch.set_grad_enabled(config.enable_backprop):
            outputs = self.fn(*self._leaves)
        self._outputs, self.single = _as_tuple(outputs, torch.Tensor)
        xp = backend.get_array_module(*inputs)
        return tuple(xp.from_dlpack(y.detach()) for y in self._outputs)

    def backward(self, indexes, grad_outputs):
        pairs = [(y, gy) for y, gy in zip(self._outputs, grad_outputs)
                 if gy is not None and y.requires_grad]
        wanted = [i for i in indexes if self._leaves[i].requires_grad]
        if not pairs or not wanted:
            return (None,) * len(indexes)
        ys = [y for y, _ in pairs]
        xs = [self._leaves[i] for i in wanted]

        def vector_jacobian_product(*leaves_and_gys):
            gys = leaves_and_gys[len(self._leaves):]
            # A graph of the gradient only when kusari records one (double backprop).
            gxs = torch.autograd.grad(ys, xs, gys, retain_graph=True, allow_unused=True,
                                      create_graph=config.enable_backprop)
            return tuple(torch.zeros_like(x) if gx is None else gx for x, gx in zip(xs, gxs))

        gxs = _TorchFunction(vector_jacobian_product, self._leaves).apply(
            self.get_retained_inputs() + tuple(gy for _, gy in pairs))
        by_index = dict(zip(wanted, gxs))
        return tuple(by_index.get(i) for i in indexes)


def call_torch(fn, *inputs):
    """Apply ``fn``, a PyTorch callable on tensors, to kusari Variables or arrays.

    ``fn`` gets tensors sharing the inputs' memory (NumPy arrays become CPU tensors, CuPy
    arrays CUDA tensors) and returns a tensor or a tuple of tensors; the result is a
    Variable or a tuple of Variables sharing the outputs' memory, differentiable to any
    order through PyTorch's autograd.
    """
    node = _TorchFunction(fn)
    outputs = node.apply(inputs)
    return outputs[0] if node.single else tuple(outputs)


class _KusariFunction(torch.autograd.Function):
    """Runs a kusari callable on Variables sharing the tensors' memory and keeps kusari's
    graph. ``variables`` gives, per tensor, the Variable to stand for it (a Parameter
    whose array is that tensor's memory, or one from an earlier call) or None."""

    @staticmethod
    def forward(ctx, fn, variables, *tensors):
        xp = _array_module(variables)
        xs = tuple(v if v is not None else core.Variable(
            _array(t, xp), requires_grad=t.is_floating_point() or t.is_complex())
            for v, t in zip(variables, tensors))
        with kusari.force_backprop_mode():
            outputs = fn(*xs)
        ys, _ = _as_tuple(outputs, (core.Variable,) + kusari.get_array_types())
        ctx.graph = xs, tuple(core.as_variable(y) for y in ys)
        ctx.save_for_backward(*tensors)
        return tuple(_tensor(core.as_array(y)) for y in ys)

    @staticmethod
    def backward(ctx, *grad_outputs):
        xs, ys = ctx.graph
        tensors = ctx.saved_tensors
        wanted = [i for i, need in enumerate(ctx.needs_input_grad[2:]) if need]
        pairs = [(y, gy) for y, gy in zip(ys, grad_outputs) if gy is not None]
        result = [None] * len(xs)
        if not wanted or not pairs:
            return (None, None, *result)
        double = torch.is_grad_enabled()  # PyTorch records the gradient's graph

        def vector_jacobian_product(*xs_and_gys):
            gys = xs_and_gys[len(xs):]
            gxs = kusari.grad([y for y, _ in pairs], [xs[i] for i in wanted], gys,
                              enable_double_backprop=double)
            return tuple(core.Variable(xs[i].xp.zeros_like(xs[i].array)) if gx is None else gx
                         for i, gx in zip(wanted, gxs))

        gxs = _KusariFunction.apply(vector_jacobian_product,
                                    xs + (None,) * len(pairs),
                                    *tensors, *(gy for _, gy in pairs))
        for i, gx in zip(wanted, gxs):
            result[i] = gx
        return (None, None, *result)


def _array_module(variables):
    arrays = [v.array for v in variables if v is not None]
    return backend.get_array_module(*arrays) if arrays else None


def _array(tensor, xp=None):
    tensor = tensor.detach()
    return backend.from_dlpack(tensor) if xp is None else xp.from_dlpack(tensor)


def call_kusari(fn, *tensors):
    """Apply ``fn``, a kusari callable on Variables, to PyTorch tensors.

    ``fn`` gets Variables sharing the tensors' memory (CPU tensors become NumPy arrays,
    CUDA tensors CuPy arrays) and returns a Variable or a tuple of them; the result is a
    tensor or a tuple of tensors, differentiable to any order through kusari's backprop.
    """
    return _apply_kusari(fn, (None,) * len(tensors), tensors)


def _apply_kusari(fn, variables, tensors):
    returned = []

    def run(*xs):
        returned.append(fn(*xs))
        return returned[0]

    outputs = _KusariFunction.apply(run, variables, *tensors)
    single = isinstance(returned[0], (core.Variable,) + kusari.get_array_types())
    return outputs[0] if single else outputs


class KusariModule(torch.nn.Module):
    """A ``torch.nn.Module`` that calls a kusari Link, with the link's parameters as its
    own: ``torch.nn.Parameter`` objects sharing their memory (names as the link's,
    ``l1.W``), so a PyTorch optimizer trains the link.

    The link's parameters must be initialized (and on the device the module is used on)
    before it is wrapped.
    """

    def __init__(self, link):
        super().__init__()
        self.link = link
        self._kusari_params = []
        _mirror_into_torch(link, self, self._kusari_params)

    def forward(self, *inputs):
        params, torch_params = zip(*self._kusari_params) if self._kusari_params else ((), ())
        return _apply_kusari(lambda *xs: self.link(*xs[:len(inputs)]),
                             (None,) * len(inputs) + params, inputs + torch_params)


def _mirror_into_torch(link, module, pairs):
    for name in sorted(link._params):
        param = getattr(link, name)
        if param.array is None:
            raise ValueError('KusariModule: parameter {!r} of {} is not initialized; run the '
                             'link once (or give its sizes) first'.format(
                                 name, type(link).__name__))
        shared = torch.nn.Parameter(_tensor(param.array))
        module.register_parameter(name, shared)
        pairs.append((param, shared))
    for child in link.children():
        sub = torch.nn.Module()
        module.add_module(child.name, sub)
        _mirror_into_torch(child, sub, pairs)


class TorchLink(link_module.Chain):
    """A kusari Link that calls a ``torch.nn.Module``, with the module's parameters as its
    own: Parameters sharing their memory, in child links named as the module's children
    (``0/weight`` for ``0.weight``), so a kusari optimizer trains the module.

    The module's buffers (batch-norm statistics) stay the module's. Move the module to
    its device before wrapping it: sending the link to another device would end the
    sharing.
    """

    def __init__(self, module):
        super().__init__()
        self.module = module
        self._names = []
        self._kusari_params = []
        _mirror_into_kusari(module, self, '', self._names, self._kusari_params)

    def forward(self, *inputs):
        n = len(inputs)

        def run(*tensors):
            params = dict(zip(self._names, tensors[n:]))
            return torch.func.functional_call(self.module, params, tensors[:n])
        return call_torch(run, *inputs, *self._kusari_params)


def _mirror_into_kusari(module, chain, prefix, names, params):
    for name, tensor in module.named_parameters(recurse=False):
        param = Parameter(_array(tensor))
        with chain.init_scope():
            setattr(chain, name, param)
        names.append(prefix + name)
        params.append(param)
    for name, child in module.named_children():
        sub = link_module.Chain()
        chain.add_link(name, sub)
        _mirror_into_kusari(child, sub, prefix + name + '.', names, params)
