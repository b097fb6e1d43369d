"""kusari (鎖, "chain"): a define-by-run neural-network framework with Chainer's API.

Running the forward code defines the network: each Variable remembers the
FunctionNode that created it, so ``loss.backward()`` walks the real history.

    >>> import numpy as np
    >>> import kusari
    >>> x = kusari.Variable(np.array([1.0, 2.0], dtype=np.float32))
    >>> y = (x * x).sum()
    >>> y.backward()
    >>> x.grad
    array([2., 4.], dtype=float32)

Submodules (``functions``, ``links``, ``optimizers``, ``training``, ``datasets``, ...)
are imported on first use, which keeps ``import kusari`` fast.
"""

import importlib
import typing

import numpy

from kusari import configuration  # NOQA
from kusari._version import __version__, kusari_version  # NOQA (Chainer's, kusari's own)
from kusari.configuration import (config, force_backprop_mode, get_dtype,  # NOQA
                                  global_config, mixed16, no_backprop_mode, using_config)
from kusari.core import FunctionNode, Variable, VariableNode, as_array, as_variable  # NOQA
from kusari._backprop import backward, grad  # NOQA
from kusari import variable  # NOQA (gives Variable its methods backed by functions)
from kusari.variable import Parameter  # NOQA
from kusari.function import Function, FunctionAdapter  # NOQA
from kusari.function_hook import FunctionHook  # NOQA
from kusari.link import Chain, ChainList, Link  # NOQA
from kusari.link_hook import LinkHook  # NOQA
from kusari.sequential import Sequential  # NOQA
from kusari.reporter import (DictSummary, Reporter, Summary, get_current_reporter,  # NOQA
                             report, report_scope)
from kusari.serializer import AbstractSerializer, Deserializer, Serializer  # NOQA
from kusari.optimizer import GradientMethod, Optimizer, UpdateRule  # NOQA
from kusari.initializers import Initializer  # NOQA
from kusari.backend import from_dlpack, get_device, using_device  # NOQA
from kusari.device_resident import DeviceResident  # NOQA
from kusari.core import get_function_hooks  # NOQA
from kusari.utils import type_check  # NOQA (hands the core its type checking)
from kusari.link_hook import get_link_hooks as _get_link_hooks  # NOQA



def _install_operators_on_first_use():
    """Give Variable its arithmetic operators without importing kusari.functions yet.

    Each operator starts as a stub that, on first use, installs the real operators
    from ``kusari.functions.math.basic_math`` (importing the function library) and
    then calls the real one. This keeps ``import kusari`` fast.
    """
    names = ('__neg__', '__abs__', '__pos__', '__add__', '__radd__', '__sub__', '__rsub__',
             '__mul__', '__rmul__', '__truediv__', '__rtruediv__', '__floordiv__',
             '__rfloordiv__', '__pow__', '__rpow__', '__matmul__', '__rmatmul__')

    def make_stub(name):
        def stub(self, *args):
            from kusari.functions.math import basic_math
            basic_math.install_variable_arithmetics()
            return getattr(Variable, name)(self, *args)
        stub.__name__ = name
        return stub

    for name in names:
        setattr(Variable, name, make_stub(name))


_install_operators_on_first_use()

# Set to True to silence the FutureWarning of APIs marked experimental.
disable_experimental_feature_warning = False

# Imported on first attribute access (PEP 562).
_LAZY_SUBMODULES = frozenset([
    'backend', 'backends', 'computational_graph', 'cuda', 'dataset', 'datasets',
    'distributed', 'distributions', 'function_hooks', 'functions', 'gradient_check',
    'initializers', 'iterators', 'link_hooks', 'links', 'optimizer', 'optimizer_hooks',
    'optimizers', 'serializers', 'testing', 'training', 'utils', 'variable', 'function_node',
    'function', 'compat', 'reporter', 'link', 'sequential', 'serializer', 'core',
    'graph_optimizations', 'memory_layouts', 'device_resident', 'exporters', 'interop',
    'warnings', '_backend', '_backprop', '_backprop_utils', '_environment_check',
    '_runtime_info', '_version',
])

# Top-level names Chainer exports from modules kusari imports lazily.
_LAZY_NAMES = {
    'Distribution': 'kusari.distributions.distribution',
    'cross_entropy': 'kusari.distributions.distribution',
    'kl_divergence': 'kusari.distributions.distribution',
    'register_kl': 'kusari.distributions.distribution',
    'static_graph': 'kusari.graph_optimizations.static_graph',
    'static_code': 'kusari.graph_optimizations.static_graph_utilities',
    'print_runtime_info': 'kusari._runtime_info',
    'should_use_cudnn': 'kusari.cuda',
    'should_use_cudnn_tensor_core': 'kusari.cuda',
}

# Modules Chainer also exports under other names.
_MODULE_ALIASES = {
    'array': 'kusari.functions.array',
    'basic_math': 'kusari.functions.math.basic_math',
    'distribution': 'kusari.distributions.distribution',
}


# Type checkers see the lazily imported submodules and names through these imports ("X as
# X": re-exported), not __getattr__, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari import (
        _backend as _backend, _backprop as _backprop, _backprop_utils as _backprop_utils,
        _environment_check as _environment_check, _runtime_info as _runtime_info,
        _version as _version, backend as backend,
        backends as backends, compat as compat, computational_graph as computational_graph,
        core as core, cuda as cuda, dataset as dataset, datasets as datasets,
        device_resident as device_resident, distributed as distributed, exporters as exporters,
        distributions as distributions, function as function, function_hooks as function_hooks,
        function_node as function_node, functions as functions, gradient_check as gradient_check,
        graph_optimizations as graph_optimizations, initializers as initializers,
        interop as interop, iterators as iterators, link as link, link_hooks as link_hooks,
        links as links, memory_layouts as memory_layouts, optimizer as optimizer,
        optimizer_hooks as optimizer_hooks, optimizers as optimizers, reporter as reporter,
        sequential as sequential, serializer as serializer, serializers as serializers,
        testing as testing, training as training, utils as utils, warnings as warnings)
    from kusari._runtime_info import print_runtime_info as print_runtime_info
    from kusari.cuda import (
        should_use_cudnn as should_use_cudnn,
        should_use_cudnn_tensor_core as should_use_cudnn_tensor_core)
    from kusari.distributions import distribution as distribution
    from kusari.distributions.distribution import (
        Distribution as Distribution,
        cross_entropy as cross_entropy,
        kl_divergence as kl_divergence,
        register_kl as register_kl)
    from kusari.functions import array as array
    from kusari.functions.math import basic_math as basic_math
    from kusari.graph_optimizations.static_graph import static_graph as static_graph
    from kusari.graph_optimizations.static_graph_utilities import static_code as static_code
else:
    def __getattr__(name):
        if name in _LAZY_NAMES:
            return getattr(importlib.import_module(_LAZY_NAMES[name]), name)
        if name in _MODULE_ALIASES:
            return importlib.import_module(_MODULE_ALIASES[name])
        if name in _LAZY_SUBMODULES:
            return importlib.import_module('kusari.' + name)
        raise AttributeError('module kusari has no attribute {!r}'.format(name))


def __dir__():
    return sorted(set(globals()) | _LAZY_SUBMODULES | set(_LAZY_NAMES) | set(_MODULE_ALIASES))


def get_array_types():
    """The array types kusari computes on: ``numpy.ndarray``, and ``cupy.ndarray`` when
    CuPy is installed."""
    from kusari import backend
    cupy = backend._cupy()
    return (numpy.ndarray,) if cupy is None else (numpy.ndarray, cupy.ndarray)


def get_cpu_array_types():
    """The CPU array types kusari computes on: ``numpy.ndarray``."""
    return (numpy.ndarray,)


def is_arrays_compatible(arrays):
    """Whether the arrays (None entries aside) can meet in one computation: all on the
    CPU, or all CuPy arrays."""
    arrays = [a for a in arrays if a is not None]
    if not arrays:
        return True
    types = get_cpu_array_types() if isinstance(arrays[0], numpy.ndarray) else type(arrays[0])
    return all(isinstance(a, types) for a in arrays)


def get_compute_mode():
    """``config.compute_mode`` (None, or e.g. 'cudnn_fast')."""
    return config.compute_mode


class _FallbackType:
    def __repr__(self):
        return 'Fallback'


# What Chainer's ChainerX forward implementations return to ask for the NumPy/CuPy path.
Fallback = _FallbackType()


def is_debug():
    """Whether debug mode (``config.debug``) is on."""
    return bool(config.debug)


def set_debug(debug):
    """Turn debug mode (NaN/Inf detection with creation stacks) on or off."""
    global_config.debug = debug


class DebugMode:
    """Context manager that sets ``config.debug`` for its duration."""

    def __init__(self, debug):
        self._using = using_config('debug', debug)

    def __enter__(self):
        self._using.__enter__()

    def __exit__(self, *args):
        self._using.__exit__(*args)
