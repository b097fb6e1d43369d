"""Chainer's ``chainer.function``: the old-style Function, run in the graph by FunctionAdapter.

An old-style Function computes both forward and backward on arrays. A FunctionAdapter
(a FunctionNode) carries it through the graph; its gradients are plain arrays, so a
graph through old-style functions can be differentiated once, not twice.
"""

import sys
import warnings
import weakref

from kusari import _checks, core
from kusari.configuration import config, force_backprop_mode, no_backprop_mode  # NOQA
from kusari.core import FunctionNode, _arrays_of, _as_grad_variable  # NOQA
from kusari.function_hook import FunctionHook  # NOQA  (Chainer re-exports it here)


def _has_gpu_array(arrays):
    cupy = sys.modules.get('cupy')
    return cupy is not None and any(isinstance(a, cupy.ndarray) for a in arrays)


class FunctionAdapter(FunctionNode):
    """The FunctionNode that runs an old-style :class:`Function` in the graph.

    Until the function is applied, the Function owns its adapter; once applied, the
    adapter (held by the graph) owns the Function, which refers to it weakly.
    """

    # old-style functions get every input back in backward unless they chose otherwise
    _input_indexes_to_retain = core.ALL_INPUTS
    _function = None
    _weak_function = None

    def __init__(self, function):
        self._weak_function = weakref.ref(function)
        function._owned_node = self

    @property
    def function(self):
        """The wrapped :class:`Function`."""
        if self._function is not None:
            return self._function
        return self._weak_function()

    @property
    def label(self):
        return self.function.label

    @property
    def _impl_name(self):
        return type(self.function).__name__

    def check_type_forward(self, in_types):
        self.function.check_type_forward(in_types)

    def forward(self, inputs):
        return self.function.forward(inputs)

    def backward(self, target_input_indexes, grad_outputs):
        in_data = tuple([node.data for node in self.inputs])  # None where not retained
        grad_data = _arrays_of(grad_outputs)
        gxs = self.function.backward(in_data, grad_data)
        if not isinstance(gxs, (tuple, list)):  # Chainer indexes any sequence it is given
            raise TypeError('{}.backward must return a tuple or a list of arrays, not {}'
                            .format(self.label, type(gxs).__name__))
        grads = []
        for index in target_input_indexes:
            gx = gxs[index] if index < len(gxs) else None
            if gx is not None:
                try:
                    gx = _as_grad_variable(gx)
                except TypeError as error:  # say whose gradient it is, as Chainer does
                    raise TypeError('{} gave input-index={} an invalid gradient: {}'.format(
                        self.label, index, error)) from None
                _checks.check_grad(self, index, self.inputs[index], gx.array)
                if config.enable_backprop:  # a double backprop must not pass through
                    gx = _OldStyleGradient(self.label).apply((gx,))[0]
            grads.append(gx)
        return tuple(grads)


class _OldStyleGradient(FunctionNode):
    """Marks a gradient computed by an old-style Function: differentiating it again is an
    error rather than a silently missing term."""

    def __init__(self, function_label):
        self.function_label = function_label

    def forward(self, inputs):
        return inputs

    def backward(self, target_input_indexes, grad_outputs):
        self.refuse_differentiation()

    def refuse_differentiation(self):
        """grad() asks first, as Chainer checks its outputs before anything else."""
        raise RuntimeError('cannot twice-differentiate an old style Function "{}"; write it '
                           'as a FunctionNode to differentiate its gradient'
                           .format(self.function_label))


class Function:
    """Chainer's old-style function: ``forward`` and ``backward`` both work on arrays.

    Subclasses implement ``forward`` (or ``forward_cpu``/``forward_gpu``) and ``backward``
    (or ``backward_cpu``/``backward_gpu``), each returning a tuple of arrays (backward
    may return a list too, as Chainer allows).
    """

    _node = None        # weak reference to the adapter once applied
    _owned_node = None  # the adapter before it is applied

    def __call__(self, *inputs):
        node = self.node
        node._function = self  # the graph owns the function from now on
        node._weak_function = None
        self._node = weakref.ref(node)
        self._owned_node = None
        outputs = node.apply(inputs)
        return outputs[0] if len(outputs) == 1 else outputs

    @property
    def node(self):
        """The FunctionAdapter of this function (made on first use)."""
        node = self._node() if self._node is not None else None
        if node is None:
            node = self._owned_node
        if node is None:
            node = FunctionAdapter(self)
        return node

    @property
    def label(self):
        return type(self).__name__

    @property
    def inputs(self):
        return self.node.inputs

    @property
    def outputs(self):
        return self.node.outputs

    @property
    def rank(self):
        return self.node.rank

    @property
    def stack(self):
        return self.node.stack

    @property
    def local_function_hooks(self):
        return self.node.local_function_hooks

    @property
    def output_data(self):
        """The output arrays kept by ``retain_outputs`` (None where not retained)."""
        return self.node.output_data

    def check_type_forward(self, in_types):
        pass

    def forward(self, inputs):
        if _has_gpu_array(inputs):
            return self.forward_gpu(inputs)
        return self.forward_cpu(inputs)

    def forward_cpu(self, inputs):
        raise NotImplementedError()

    def forward_gpu(self, inputs):
        raise NotImplementedError()

    def backward(self, inputs, grad_outputs):
        if _has_gpu_array(inputs + grad_outputs):
            return self.backward_gpu(inputs, grad_outputs)
        return self.backward_cpu(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        return tuple(None for _ in inputs)

    def backward_gpu(self, inputs, grad_outputs):
        return tuple(None for _ in inputs)

    def retain_inputs(self, indexes):
        """Keep only these inputs for backward (by default all are kept)."""
        self.node.retain_inputs(tuple(indexes))

    def retain_outputs(self, indexes, retain_after_backward=False):
        """Keep these outputs for backward, as ``output_data`` (by default none are)."""
        if retain_after_backward:
            warnings.warn('retain_after_backward option has no effect', DeprecationWarning,
                          stacklevel=2)
        self.node.retain_outputs(tuple(indexes))

    def unchain(self):
        self.node.unchain()

    def add_hook(self, hook, name=None):
        self.node.add_hook(hook, name)

    def delete_hook(self, name):
        self.node.delete_hook(name)


# The core, below this module, learns of the old-style function here rather than importing it.
core._Function, core._FunctionAdapter = Function, FunctionAdapter
