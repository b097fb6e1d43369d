"""Links: the building blocks that own parameters (Link, Chain, ChainList)."""

from __future__ import annotations

import collections.abc
import contextlib
import copy as copy_module
import operator
import typing
import warnings

import numpy

from kusari import backend, initializers, link_hook
from kusari.core import Variable
from kusari.variable import Parameter
from kusari.device_resident import DeviceResident

if typing.TYPE_CHECKING:
    from kusari import types


class _InitNotCalled:
    """The hooks of a Link whose subclass forgot to call Link.__init__: looking at
    them (as calling the link does) says so."""

    def __bool__(self):
        raise RuntimeError('Link.__init__() has not been called.')


def _is_shape(value):
    """Whether ``value`` is a shape (None, an int, or a sequence of them)."""
    if value is None:
        return True
    if isinstance(value, collections.abc.Sequence) and not isinstance(value, str):
        return all(_is_shape(v) for v in value)
    try:
        operator.index(value)
        return True
    except TypeError:
        return False


class Link(DeviceResident):
    """A building block of a model: it owns Parameters and persistent values.

    Parameters assigned as attributes inside ``with self.init_scope():`` are
    registered; so are the child links of a Chain. ``link(x)`` calls ``forward``.
    As in Chainer, parameters, persistent values and a Chain's children are kept as
    sets of names and visited in sorted order.
    """

    _local_link_hooks = _InitNotCalled()

    def __init__(self, **params):
        self._params = set()
        self._persistent = set()
        self._within_init_scope = False
        self._local_link_hooks = None
        self.name = None
        for name, value in params.items():
            # A shape, or a (shape, dtype) pair (Chainer's deprecated constructor form).
            shape, dtype = (value, numpy.float32) if _is_shape(value) else value
            self.add_param(name, shape, dtype=dtype)

    # -- registration ---------------------------------------------------------
    @property
    def within_init_scope(self):
        return getattr(self, '_within_init_scope', False)

    @property
    def _device_id(self):
        """Chainer's GPU id of the device (None on the CPU)."""
        return getattr(self._device, 'id', None)

    @contextlib.contextmanager
    def init_scope(self) -> typing.Iterator[None]:
        """Within this context, assigned Parameters (and Links, in Chains) are registered."""
        if '_within_init_scope' not in self.__dict__:
            raise RuntimeError('Link.__init__() has not been called.')
        old = self._within_init_scope
        self._within_init_scope = True
        try:
            yield
        finally:
            self._within_init_scope = old

    def __setattr__(self, name, value):
        if isinstance(value, Parameter) and self.within_init_scope:  # (a Variable is not)
            value.name = name
            self._params.add(name)
            self._persistent.discard(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        self._params.discard(name)
        self._persistent.discard(name)
        super().__delattr__(name)

    def add_param(self, name: str, shape: types.ShapeSpec | None = None,
                  dtype: types.DTypeSpec = numpy.float32,
                  initializer: types.InitializerSpec | None = None) -> None:
        """Register a new Parameter (Chainer's older spelling of init_scope)."""
        if name in self.__dict__:
            raise AttributeError('cannot register a new parameter {}: attribute exists'
                                 .format(name))
        if initializer is None:
            initializer = initializers.NaN(dtype)
        param = Parameter(initializer, shape)
        with self.init_scope():
            setattr(self, name, param)

    def add_persistent(self, name: str, value: typing.Any) -> None:
        """Register a value that is serialized but not optimized (e.g. running statistics)."""
        if name in self.__dict__:
            raise AttributeError('cannot register a new persistent value {}: attribute '
                                 'exists'.format(name))
        self._persistent.add(name)
        super().__setattr__(name, value)

    def register_persistent(self, name: str) -> None:
        """Mark an existing attribute as persistent."""
        if not hasattr(self, name):
            raise AttributeError('cannot register non-existent attribute {} as persistent'
                                 .format(name))
        self._persistent.add(name)

    # -- calling ---------------------------------------------------------------
    def __call__(self, *args, **kwargs):
        try:
            if not (link_hook._link_hooks or self._local_link_hooks):
                return self.forward(*args, **kwargs)
            hooks = (list(link_hook._link_hooks.values())
                     + list((self._local_link_hooks or {}).values()))
            for hook in hooks:
                hook.forward_preprocess(
                    link_hook.ForwardPreprocessArgs(self, 'forward', args, kwargs))
            out = self.forward(*args, **kwargs)
            for hook in hooks:
                hook.forward_postprocess(
                    link_hook.ForwardPostprocessArgs(self, 'forward', args, kwargs, out))
            return out
        except (AttributeError, TypeError) as error:
            _explain_sequence_input(self, args, error)
            raise

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # A __call__ that a mixin after Link injects runs instead of forward (as in Chainer).
        # An abstract one only declares the interface (an ABC's): copied into forward, it
        # would make every subclass abstract, even one defining __call__ itself.
        for klass in cls.__mro__[cls.__mro__.index(Link) + 1:]:
            if '__call__' in vars(klass):
                call = vars(klass)['__call__']
                if not getattr(call, '__isabstractmethod__', False):
                    cls.forward = call
                break

    @property
    def local_link_hooks(self):
        if self._local_link_hooks is None:
            self._local_link_hooks = {}
        return self._local_link_hooks

    def add_hook(self, hook, name=None):
        name = hook.name if name is None else name
        if name in self.local_link_hooks:
            raise KeyError('hook {} already exists'.format(name))
        self._local_link_hooks[name] = hook
        hook.added(self)
        return self

    def delete_hook(self, name):
        self.local_link_hooks.pop(name).deleted(self)

    # -- traversal ---------------------------------------------------------------
    def params(self, include_uninit: bool = True) -> typing.Iterator[Parameter]:
        """Iterate over every parameter of this link and its descendants."""
        out: list[Parameter] = []
        self._collect_params('', out, include_uninit, False)
        return iter(out)

    def namedparams(self, include_uninit: bool = True
                    ) -> typing.Iterator[tuple[str, Parameter]]:
        """Iterate over (path, parameter) pairs, paths like ``/l1/W``."""
        out: list[tuple[str, Parameter]] = []
        self._collect_params('', out, include_uninit, True)
        return iter(out)

    def _collect_params(self, prefix, out, include_uninit, named):
        """Append this link's parameters (then its children's) to ``out``.

        One flat pass instead of nested generators: optimizers walk the parameters
        several times per step.
        """
        d = self.__dict__
        for name in sorted(self._params):
            param = d[name]
            if include_uninit or param._array is not None:
                out.append((prefix + '/' + name, param) if named else param)
        for child_name, child in self._named_children():
            child._collect_params(prefix + '/' + child_name, out, include_uninit, named)

    def _named_children(self):
        """``(name, child link)`` pairs, in order (Chain and ChainList have children)."""
        return ()

    def _child(self, name):
        """The child link called ``name`` (KeyError or IndexError, as Chainer's lookups)."""
        raise KeyError(name)

    def links(self, skipself: bool = False) -> typing.Iterator[Link]:
        for _, link in self.namedlinks(skipself):
            yield link

    def namedlinks(self, skipself=False):
        if not skipself:
            yield '/', self
        for name, child in self._named_children():
            prefix = '/' + name
            yield prefix, child
            for path, link in child.namedlinks(True):
                yield prefix + path, link

    def children(self):
        for _, child in self._named_children():
            yield child

    def count_params(self) -> int:
        """Total number of parameter elements (uninitialized ones count as zero)."""
        total = 0
        for path, param in self.namedparams():
            if param.array is None:
                warnings.warn('Parameter {} is not initialized; it counts as zero'.format(
                    path), stacklevel=2)
            else:
                total += param.size
        return total

    # -- copying ----------------------------------------------------------------
    def copy(self, mode='share'):
        """A copy of this link (and its children), named None.

        Args:
            mode (str): 'share': the parameters are new Parameters sharing the arrays
                (an uninitialized one gets the array its original is initialized with),
                without gradients; 'copy': a deep copy; 'init': a deep copy whose
                initialized parameters are initialized again by their initializers.
        """
        if mode == 'share':
            new = copy_module.copy(self)
            d = new.__dict__
            d['_params'] = set(self._params)
            d['_persistent'] = set(self._persistent)
            d['name'] = None
            for name in self._params:
                param = copy_module.copy(d[name])
                param.grad = None
                d[name] = param
            new._copy_children(mode)
            return new
        if mode == 'copy':
            new = copy_module.deepcopy(self)
        elif mode == 'init':
            new = copy_module.deepcopy(self)
            for param in new.params(include_uninit=False):
                param.initialize(param.shape)
        else:
            raise ValueError("The 'mode' argument should be either 'init', 'copy', or 'share'. "
                             'But {} was given.'.format(mode))
        return new

    def _copy_children(self, mode):
        pass

    def copyparams(self, link, copy_persistent=True):
        """Copy parameter (and persistent) values from ``link`` into this link."""
        src = link.__dict__
        dst = self.__dict__
        for name in self._params:
            dst[name].copydata(src[name])
        if copy_persistent:
            for name in self._persistent:
                value = src[name]
                if isinstance(value, numpy.ndarray) or backend.is_array_supported(value):
                    backend.copyto(dst[name], value)
                else:
                    dst[name] = copy_module.deepcopy(value)
        for name, child in self._named_children():
            child.copyparams(link._child(name), copy_persistent)

    def addgrads(self, link):
        """Add the gradients of ``link``'s parameters to this link's."""
        src = link.__dict__
        for name in self._params:
            self.__dict__[name].addgrad(src[name])
        for name, child in self._named_children():
            child.addgrads(link._child(name))

    def cleargrads(self) -> None:
        for param in self.params():
            param.cleargrad()

    def zerograds(self) -> None:
        warnings.warn('Link.zerograds is deprecated; use Link.cleargrads instead.',
                      DeprecationWarning, stacklevel=2)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            for param in self.params():
                param.zerograd()

    def enable_update(self) -> None:
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = True

    def disable_update(self) -> None:
        for param in self.params():
            rule = param.update_rule
            if rule is not None:
                rule.enabled = False

    @property
    def update_enabled(self):
        """Whether any parameter's update rule is enabled."""
        for param in self.params():
            rule = param.update_rule
            if rule is not None and rule.enabled:
                return True
        return False

    def repeat(self, n_repeat, mode='init'):
        """A Sequential of ``n_repeat`` copies of this link (``copy(mode)``)."""
        from kusari.sequential import Sequential
        if n_repeat <= 0:
            return Sequential()
        return Sequential(*[self.copy(mode) for _ in range(n_repeat)])

    # -- serialization ---------------------------------------------------------------
    def serialize(self, serializer):
        """Save or load parameters and persistent values through ``serializer``."""
        d = self.__dict__
        for name in sorted(self._params):
            param = d[name]
            data = serializer(name, param.array)
            if param.array is None and data is not None:
                # A deserializer gave data to a not-yet-initialized parameter.
                param.initialize(data.shape)
                backend.copyto(param.array, data)
        for name in sorted(self._persistent):
            value = d[name]
            loaded = serializer(name, value)
            if not isinstance(value, numpy.ndarray) and not backend.is_array_supported(value):
                d[name] = loaded
        for name, child in self._named_children():
            child.serialize(serializer[name])

    # -- devices --------------------------------------------------------------------
    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        d = self.__dict__
        for name in sorted(self._params):
            visitor.visit_variable(d[name])
        for name in sorted(self._persistent):
            value = d[name]
            if backend.is_array_supported(value):
                d[name] = visitor.visit_array(value)
        for value in d.values():
            # State a stateful link keeps in plain Variables (an LSTM's h and c).
            if type(value) is Variable:
                visitor.visit_variable(value)
        for child in self.children():
            child.device_resident_accept(visitor)

    # -- printing -----------------------------------------------------------------------
    @property
    def printable_specs(self) -> typing.Iterator[tuple[str, typing.Any]]:
        return iter(())

    def __repr__(self):
        specs = ', '.join('{}={}'.format(k, v) for k, v in self.printable_specs)
        return '{}({})'.format(type(self).__name__, specs)


def _repr_with_children(link):
    """``Name(\n  (child): repr,\n  ...\n)``, the repr of Chain and ChainList."""
    lines = ['{}('.format(type(link).__name__)]
    for name, child in link._named_children():
        lines.append('  ({}): {},'.format(name, repr(child).replace('\n', '\n  ')))
    return '\n'.join(lines) + '\n)' if len(lines) > 1 else lines[0] + ')'


def _explain_sequence_input(link, args, error):
    """Re-raises ``error`` saying what to do when it came from a list or tuple given where
    the link wanted an array (e.g. ``'list' object has no attribute 'shape'``)."""
    for index, arg in enumerate(args):
        kind = type(arg).__name__
        if isinstance(arg, (list, tuple)) and "'{}' object".format(kind) in str(error):
            raise type(error)(
                '{}: input {} is a {}, not an array or Variable; stack the examples into one '
                'array first (numpy.stack or numpy.asarray, F.stack for Variables, or '
                'chainer.dataset.concat_examples for a batch of dataset examples)'.format(
                    type(link).__name__, index, kind)) from error


class Chain(Link):
    """A link made of named child links (registered in ``init_scope``)."""

    def __init__(self, **links):
        super().__init__()
        self._children = set()
        for name, link in links.items():
            self.add_link(name, link)

    def __getitem__(self, name):
        return getattr(self, name)

    def __setattr__(self, name, value):
        if isinstance(value, Link) and self.within_init_scope:
            if hasattr(self, name) and name not in self._children:
                raise AttributeError('cannot register a new link {}: attribute exists'
                                     .format(name))
            value.name = name
            self._children.add(name)
        super().__setattr__(name, value)

    def __delattr__(self, name):
        getattr(self, '_children', set()).discard(name)
        super().__delattr__(name)

    def add_link(self, name: str, link: Link) -> None:
        """Register ``link`` as the child ``name``."""
        if name in self.__dict__:
            raise AttributeError('cannot register a new link {}: attribute exists'.format(name))
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child: {}'.format(
                type(link).__name__))
        with self.init_scope():
            setattr(self, name, link)

    def _named_children(self):
        d = self.__dict__
        return [(name, d[name]) for name in sorted(self._children)]

    def _child(self, name):
        return self.__dict__[name]

    def _copy_children(self, mode):
        d = self.__dict__
        d['_children'] = set(self._children)
        for name in self._children:
            child = d[name].copy(mode)
            child.name = name
            d[name] = child

    def __repr__(self):
        return _repr_with_children(self)


class ChainList(Link, collections.abc.MutableSequence):
    """A link made of an ordered list of child links, named '0', '1', ...

    A mutable sequence of its children: indexing and slicing, assignment, ``del``,
    ``insert``, ``append``, ``extend``, ``+=``, ``pop``, ...
    """

    def __init__(self, *links):
        super().__init__()
        self._children = []
        for link in links:
            self.add_link(link)

    def __setattr__(self, name, value):
        if isinstance(value, Link) and self.within_init_scope:
            raise TypeError('cannot register a Link as an attribute of a ChainList; '
                            'use add_link')
        super().__setattr__(name, value)

    def __getitem__(self, index):
        return self._children[index]

    def __setitem__(self, index, value):
        if not isinstance(index, (int, slice)):
            raise TypeError('ChainList indices must be integers or slices, not {}'
                            .format(type(index).__name__))
        self._children[index] = value
        self._rename()

    def __delitem__(self, index):
        del self._children[index]
        self._rename()

    def __iter__(self):
        return iter(self._children)

    def __len__(self):
        return len(self._children)

    def add_link(self, link):
        """Append ``link`` as a child."""
        if not isinstance(link, Link):
            raise TypeError('cannot register a non-link object as a child: {}'.format(
                type(link).__name__))
        link.name = str(len(self._children))
        self._children.append(link)

    def append(self, link):
        self.add_link(link)

    def insert(self, index, link):
        if not isinstance(link, Link):
            raise TypeError('cannot insert a non-link object: {}'.format(type(link).__name__))
        self._children.insert(index, link)
        self._rename()

    def _rename(self):
        for i, child in enumerate(self._children):
            child.name = str(i)

    def _named_children(self):
        return [(str(i), child) for i, child in enumerate(self._children)]

    def _child(self, name):
        return self._children[int(name)]

    def _copy_children(self, mode):
        self.__dict__['_children'] = [child.copy(mode) for child in self._children]
        self._rename()

    def __repr__(self):
        return _repr_with_children(self)
