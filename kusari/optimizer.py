"""Optimizer base classes: Hyperparameter, UpdateRule, Optimizer, GradientMethod.

An optimizer gives every parameter of its target link an UpdateRule whose
hyperparameters fall back to the optimizer's, so one rule can be tuned (or disabled)
without touching the others.
"""

from __future__ import annotations

import functools
import typing
import warnings

import numpy

from kusari import backend, core, initializers, optimizer_hooks
from kusari.variable import Parameter

if typing.TYPE_CHECKING:
    from kusari.core import Variable
    from kusari.link import Link
    from kusari.serializer import AbstractSerializer

    _UpdateCore = typing.TypeVar('_UpdateCore', bound=typing.Callable[..., None])


class Hyperparameter:
    """A set of hyperparameters whose missing entries are looked up in ``parent``.

    Args:
        parent (Hyperparameter): where a hyperparameter this object does not set is
            read (None: nowhere, an AttributeError).
    """

    def __init__(self, parent: Hyperparameter | None = None) -> None:
        self.__dict__['_parent'] = parent

    if typing.TYPE_CHECKING:
        # Any hyperparameter can be set (``hp.lr = 0.1``); at run time, as an attribute.
        def __setattr__(self, name: str, value: typing.Any) -> None: ...

    def __getattr__(self, name: str) -> typing.Any:
        # While copy/pickle rebuild the object, __dict__ is still empty.
        parent = self.__dict__.get('_parent')
        if parent is None:
            raise AttributeError('no hyperparameter {!r}'.format(name))
        return getattr(parent, name)

    def __repr__(self):
        return 'Hyperparameter({})'.format(', '.join(
            '{}={!r}'.format(k, v) for k, v in sorted(self.get_dict().items())))

    @property
    def parent(self) -> Hyperparameter | None:
        """The hyperparameters this one falls back to."""
        return self._parent

    def get_dict(self) -> dict[str, typing.Any]:
        """All hyperparameters, the parent's overridden by this object's own."""
        parent = self._parent
        d = {} if parent is None else parent.get_dict()
        d.update((k, v) for k, v in self.__dict__.items() if k != '_parent')
        return d


class HyperparameterProxy:
    """An attribute of an Optimizer that reads and writes its hyperparameter.

    Args:
        name (str): the hyperparameter's name, e.g. ``'lr'``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self.__doc__ = 'Alias of ``optimizer.hyperparam.{}``.'.format(name)

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return getattr(obj.hyperparam, self.name)

    def __set__(self, obj, value):
        setattr(obj.hyperparam, self.name, value)


def _skip_without_grad(update_core: _UpdateCore) -> _UpdateCore:
    """Wraps a rule's update method: as Chainer's rules do, it leaves a parameter without
    a gradient (an uninitialized one, or one the loss does not reach) as it is."""
    @functools.wraps(update_core)
    def update_if_grad(self, param):
        if param.grad is not None:
            update_core(self, param)
    return typing.cast('_UpdateCore', update_if_grad)


def _zero_missing_grads(params):
    """Give the initialized ``params`` without a gradient a zero gradient."""
    for param in params:
        if param.array is not None and param.grad is None:
            param._grad_var = core.Variable._new(
                backend.get_array_module(param.array).zeros_like(param.array), True)


def _dtype_or_none(param):
    try:
        return param.dtype
    except RuntimeError:  # an uninitialized parameter whose initializer gives no dtype
        return None


def _uninitialized_fp32(param):
    """The float32 stand-in that update_core sees for an uninitialized float16 parameter
    (which stays uninitialized)."""
    return Parameter(initializers.Constant(numpy.nan, dtype=numpy.float32), name=param.name)


class UpdateRule:
    """Updates one parameter from its gradient, keeping per-parameter state.

    Subclasses implement ``init_state(param)`` and ``update_core_cpu``/``update_core_gpu``
    (or ``update_core``). Hooks with ``timing`` 'pre' run before, 'post' after the update.

    Args:
        parent_hyperparam (Hyperparameter): the hyperparameters this rule falls back to
            for those it does not set itself, usually its optimizer's.

    Attributes:
        enabled (bool): whether :meth:`update` updates (False: the parameter is frozen).
        hyperparam (Hyperparameter): this rule's hyperparameters.
        t (int): the number of updates done.
    """

    is_elementwise = False

    def __init__(self, parent_hyperparam: Hyperparameter | None = None) -> None:
        self._pre_update_hooks: dict[str, typing.Callable[..., typing.Any]] = {}
        self._post_update_hooks: dict[str, typing.Callable[..., typing.Any]] = {}
        self._state: dict[str, typing.Any] | None = None
        self._state_array_type: type | None = None
        self.enabled = True
        self.hyperparam = Hyperparameter(parent_hyperparam)
        self.t = 0
        self._use_fp32_update = False
        self._fp32_param = None

    @property
    def state(self) -> dict[str, typing.Any] | None:
        """The state arrays by name (None until the first update)."""
        return self._state

    def _override_hyperparams(self, **values):
        """Set the given (non-None) hyperparameters on this rule only."""
        for name, value in values.items():
            if value is not None:
                setattr(self.hyperparam, name, value)

    def add_hook(self, hook: typing.Callable[[UpdateRule, Parameter], typing.Any],
                 name: str | None = None, timing: str = 'auto') -> None:
        """Add a hook called as ``hook(rule, param)`` around each update.

        Args:
            hook: a callable.
            name (str): its name (default: ``hook.name`` or ``hook.__name__``).
            timing (str): 'pre', 'post', or 'auto': the hook's ``timing`` attribute
                ('pre' without one; as in Chainer, any other value means 'post').
        """
        if not callable(hook):
            raise TypeError('the hook must be callable')
        if timing not in ('pre', 'post', 'auto'):
            raise ValueError("timing must be 'pre', 'post' or 'auto', not {!r}".format(timing))
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
        if name is None:
            name = getattr(hook, 'name', getattr(hook, '__name__', None))
            if name is None:
                raise ValueError('the hook has no name: give one (add_hook(hook, name=...))')
        hooks = self._pre_update_hooks if timing == 'pre' else self._post_update_hooks
        if name in self._pre_update_hooks or name in self._post_update_hooks:
            raise KeyError('hook {} already exists'.format(name))
        hooks[name] = hook

    def remove_hook(self, name: str) -> None:
        """Remove the hook registered as ``name``."""
        for hooks in (self._pre_update_hooks, self._post_update_hooks):
            if name in hooks:
                del hooks[name]
                return
        raise KeyError('no hook {}'.format(name))

    def update(self, param: Parameter) -> None:
        """Run the hooks and ``update_core`` on ``param``.

        As in Chainer, this happens for every parameter, also an uninitialized one or one
        without a gradient: the rules leave those as they are (see ``_skip_without_grad``).
        """
        if not self.enabled:
            return
        self.t += 1
        initialized = param.array is not None
        fp16 = param
        if self._use_fp32_update and _dtype_or_none(param) == numpy.float16:
            param = self._fp32_view(param) if initialized else _uninitialized_fp32(param)
        if initialized:
            if self._state is None:
                self._state = {}
                self.init_state(param)
                self._state_array_type = type(param.array)
            elif self._state_array_type is not type(param.array):
                self._send_state_to(param)
            loss_scale = param._loss_scale
            if loss_scale is not None:
                param.grad /= loss_scale
                param._loss_scale = None
        for hook in self._pre_update_hooks.values():
            hook(self, param)
        self.update_core(param)
        for hook in self._post_update_hooks.values():
            hook(self, param)
        if initialized and param is not fp16:
            fp16.array[...] = param.array.astype(numpy.float16)

    def _send_state_to(self, param):
        """Move the state arrays to the parameter's device (after to_device, or state
        loaded from a file onto the host for a GPU parameter)."""
        device = backend.get_device_from_array(param.array)
        for key, value in self._state.items():
            if backend.is_array_supported(value):
                self._state[key] = device.send(value)
        self._state_array_type = type(param.array)

    def _fp32_view(self, param):
        fp32 = self._fp32_param
        if fp32 is None:
            fp32 = self._fp32_param = core.Variable(param.array.astype(numpy.float32),
                                                    name=param.name)
        grad = param.grad
        fp32.grad = None if grad is None else grad.astype(numpy.float32)
        fp32._loss_scale = param._loss_scale
        return fp32

    def update_core(self, param: Variable) -> None:
        """Update ``param`` with ``update_core_cpu`` or, for a GPU array,
        ``update_core_gpu``."""
        if type(param.array) is numpy.ndarray or param.device.xp is numpy:
            self.update_core_cpu(param)
        else:
            self.update_core_gpu(param)

    def update_core_cpu(self, param: Variable) -> None:
        """Update ``param``, whose arrays are NumPy's, from its gradient."""
        raise NotImplementedError

    def update_core_gpu(self, param: Variable) -> None:
        """Update ``param``, whose arrays are CuPy's, from its gradient."""
        raise NotImplementedError

    def update_core_chainerx(self, param: Variable) -> None:
        """Chainer's update of a ChainerX parameter; kusari has no ChainerX arrays."""
        raise NotImplementedError('kusari has no ChainerX: update_core_chainerx is never used')

    def init_state(self, param: Variable) -> None:
        """Create the state arrays (``self.state[...] = ...``) for ``param``."""

    def use_fp32_update(self, flag: bool = True) -> None:
        """Update float16 parameters through a float32 master copy."""
        self._use_fp32_update = flag

    def serialize(self, serializer: AbstractSerializer) -> None:
        """Save or load ``t`` and the state arrays."""
        self.t = serializer('t', self.t)
        if self._state is None:
            if isinstance(serializer, _deserializer_class()):
                self._load_uninitialized_state(serializer)
            return
        for key in sorted(self._state):
            value = self._state[key]
            loaded = serializer(key, value)
            if not backend.is_array_supported(value):
                self._state[key] = loaded

    def _load_uninitialized_state(self, deserializer):
        """Load state saved before this rule ever ran: learn the state's keys from a
        throwaway parameter, then take each value from the file (none: stay empty)."""
        self._state = {}
        dummy = core.Variable(numpy.zeros(1, numpy.float32), grad=numpy.zeros(1, numpy.float32))
        self.init_state(dummy)
        keys = list(self._state)
        self._state = {}
        for key in keys:
            try:
                value = deserializer(key, None)
            except KeyError:
                if self.enabled:  # a strict deserializer misses it (as in Chainer)
                    self._state = None
                    raise
                value = None
            if value is None:
                self._state = None
                return
            self._state[key] = value


def _deserializer_class():
    from kusari import serializer
    return serializer.Deserializer


class Optimizer:
    """The base class of all optimizers.

    Attributes:
        target (Link): the link being optimized.
        t (int): number of updates done.
        epoch (int): epoch counter advanced by ``new_epoch``.
    """

    target: typing.Any = None  # the Link given to setup
    t = 0
    epoch = 0
    use_auto_new_epoch = False
    _loss_scale = None
    _loss_scale_max = 65504.0
    _loss_scaling_is_dynamic = False
    # name (None: the hook has none) -> (hook, timing); set by setup
    _hooks: dict[str | None, tuple[typing.Callable[..., typing.Any], str]]

    def setup(self, link: Link) -> typing.Self:
        """Attach the optimizer to ``link`` (a Link)."""
        from kusari.link import Link
        if not isinstance(link, Link):
            raise TypeError('optimization target must be a link, not {}'.format(
                type(link).__name__))
        _warn_unregistered(type(self).__name__, link)
        self.target = link
        self.t = 0
        self.epoch = 0
        self._hooks = {}
        return self

    def _check_setup(self):
        if self.target is None:
            raise RuntimeError('{}.setup(link) must be called before this'.format(
                type(self).__name__))

    def update(self, lossfun: typing.Callable[..., Variable] | None = None, *args: typing.Any,
               **kwds: typing.Any) -> None:
        raise NotImplementedError

    def new_epoch(self, auto: bool = False) -> None:
        """Advance the epoch counter (``auto``: called by an updater)."""
        if self.use_auto_new_epoch and not auto:
            raise RuntimeError('this optimizer\'s epoch is advanced by the updater; do not '
                               'call new_epoch yourself')
        if auto and not self.use_auto_new_epoch:
            raise RuntimeError('new_epoch(auto=True) is for an updater that has set '
                               'optimizer.use_auto_new_epoch = True')
        self.epoch += 1

    def add_hook(self, hook: typing.Callable[..., typing.Any], name: str | None = None,
                 timing: str = 'auto') -> None:
        """Add ``hook(optimizer)`` to be called before ('pre') or after ('post') updates.

        Args:
            hook: a callable; one whose ``call_for_each_param`` is True is called as
                ``hook(rule, param)`` for every parameter instead.
            name (str): its name (default: ``hook.name`` or ``hook.__name__``).
            timing (str): 'pre', 'post', or 'auto': the hook's ``timing`` attribute
                ('pre' without one).
        """
        self._check_setup()
        if not callable(hook):
            raise TypeError('the hook must be callable')
        if timing == 'auto':
            timing = getattr(hook, 'timing', 'pre')
        if timing not in ('pre', 'post'):
            raise ValueError("timing must be 'pre', 'post' or 'auto', not {!r}".format(timing))
        name = name or getattr(hook, 'name', None) or getattr(hook, '__name__', None)
        if name in self._hooks:
            raise KeyError('hook {} already exists'.format(name))
        self._hooks[name] = (hook, timing)
        if hasattr(hook, 'added'):
            hook.added(self)

    def remove_hook(self, name: str) -> None:
        """Remove the hook registered as ``name``."""
        hook, _ = self._hooks.pop(name)
        if hasattr(hook, 'deleted'):
            hook.deleted(self)

    def call_hooks(self, timing: str = 'pre') -> None:
        for hook, hook_timing in list(self._hooks.values()):
            if hook_timing == timing:
                self.call_hook(hook)

    def call_hook(self, hook: typing.Callable[..., typing.Any]) -> None:
        if getattr(hook, 'call_for_each_param', False):
            for param in self.target.params(include_uninit=False):
                hook(param.update_rule, param)
        else:
            hook(self)

    def serialize(self, serializer: AbstractSerializer) -> None:
        """Save or load ``t``, ``epoch`` and every update rule's state."""
        self.t = serializer('t', self.t)
        self.epoch = serializer('epoch', self.epoch)
        for name, param in self.target.namedparams():
            rule = getattr(param, 'update_rule', None)
            if rule is not None:
                rule.serialize(serializer[name.lstrip('/')])

    # -- loss scaling ---------------------------------------------------------
    def loss_scaling(self, interval: int = 1000, scale: float | None = None) -> None:
        """Use dynamic loss scaling: halve on overflow, double after ``interval`` good steps."""
        if interval < 1:
            raise ValueError('{}.loss_scaling: interval must be at least 1, got {}'.format(
                type(self).__name__, interval))
        if scale is not None and scale <= 0:
            raise ValueError('{}.loss_scaling: scale must be positive, got {}'.format(
                type(self).__name__, scale))
        self._loss_scaling_is_dynamic = True
        self._loss_scale = float(scale) if scale is not None else 2.0 ** 10
        self._loss_scaling_multiplier = 2.0
        self._loss_scaling_interval = interval
        self._loss_scaling_good_steps = 0

    def set_loss_scale(self, loss_scale: float | None) -> None:
        """Use a static loss scale."""
        self._loss_scale = loss_scale
        self._loss_scaling_is_dynamic = False

    def check_nan_in_grads(self) -> bool:
        """True if any gradient holds NaN or Inf."""
        for param in self.target.params(include_uninit=False):
            grad = param.grad
            if grad is not None and not bool(backend.get_array_module(grad).isfinite(
                    grad).all()):
                return True
        return False

    def is_safe_to_update(self) -> bool:
        """Whether every gradient is finite."""
        return not self.check_nan_in_grads()

    def update_loss_scale(self) -> None:
        """Adjust a dynamic loss scale after an update (see :meth:`loss_scaling`)."""
        if not self._loss_scaling_is_dynamic:
            return
        scale = typing.cast(float, self._loss_scale)  # loss_scaling set it
        if self.is_safe_to_update():
            self._loss_scaling_good_steps += 1
            if self._loss_scaling_good_steps >= self._loss_scaling_interval:
                self._loss_scale = min(scale * self._loss_scaling_multiplier,
                                       self._loss_scale_max)
                self._loss_scaling_good_steps = 0
        else:
            self._loss_scale = max(scale / self._loss_scaling_multiplier, 1.0)
            self._loss_scaling_good_steps = 0


class GradientMethod(Optimizer):
    """An optimizer that updates each parameter from its gradient with an UpdateRule."""

    def __init__(self) -> None:
        self.hyperparam = Hyperparameter()
        self._use_fp32_update = False

    def setup(self, link: Link) -> typing.Self:
        super().setup(link)
        for param in link.params():
            param.update_rule = self.create_update_rule()
            if self._use_fp32_update:
                param.update_rule.use_fp32_update()
        return self

    def create_update_rule(self) -> UpdateRule:
        """A new update rule for one parameter, with this optimizer's hyperparameters."""
        raise NotImplementedError

    def reallocate_cleared_grads(self) -> None:
        """Give initialized parameters without a gradient a zero gradient."""
        _zero_missing_grads(self.target.params(include_uninit=False))

    def call_hook(self, hook: typing.Callable[..., typing.Any]) -> None:
        super().call_hook(hook)
        self.reallocate_cleared_grads()  # the next hook and the update see zeros, not None

    def update(self, lossfun: typing.Callable[..., Variable] | None = None, *args: typing.Any,
               **kwds: typing.Any) -> None:
        """Update every parameter; first compute a loss and its gradients if
        ``lossfun`` is given (``lossfun(*args, **kwds)``)."""
        self._check_setup()
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if getattr(self, '_use_cleargrads', True):
                self.target.cleargrads()
            else:
                with warnings.catch_warnings():
                    warnings.simplefilter('ignore', DeprecationWarning)
                    self.target.zerograds()
            loss.backward(loss_scale=self._loss_scale)
            del loss
        if self._loss_scaling_is_dynamic and not self.is_safe_to_update():
            self.update_loss_scale()
            return
        params = list(self.target.params())  # the uninitialized ones too, as in Chainer
        _zero_missing_grads(params)  # (one walk of the links: it costs as much as SGD)
        self.call_hooks('pre')
        self.t += 1
        for param in params:
            param.update()
        _zero_missing_grads(params)
        self.call_hooks('post')
        self.update_loss_scale()

    def use_cleargrads(self, use: bool = True) -> None:
        warnings.warn('GradientMethod.use_cleargrads is deprecated', DeprecationWarning,
                      stacklevel=2)
        self._use_cleargrads = use

    def use_fp32_update(self, flag: bool = True) -> None:
        """Update float16 parameters through float32 master copies."""
        self._use_fp32_update = flag
        if self.target is not None:
            for param in self.target.params():
                if param.update_rule is not None:
                    param.update_rule.use_fp32_update(flag)



# -- deprecated aliases of the optimizer hooks (Chainer v3 names, still used in examples) --

def make_deprecation_message(module_name: str) -> str:
    """The warning text of ``kusari.optimizer.<module_name>``.

    Args:
        module_name (str): the hook's name, e.g. ``'WeightDecay'``.
    """
    return ('kusari.optimizer.{0} is deprecated; use kusari.optimizer_hooks.{0} '
            'instead.'.format(module_name))


def _deprecated_hook_alias(hook_class):
    def __init__(self, *args: typing.Any, **kwargs: typing.Any) -> None:
        warnings.warn(make_deprecation_message(hook_class.__name__), DeprecationWarning,
                      stacklevel=2)
        hook_class.__init__(self, *args, **kwargs)

    return type(hook_class.__name__, (hook_class,), {
        '__init__': __init__, '__module__': __name__,
        '__doc__': 'Deprecated alias of :class:`kusari.optimizer_hooks.{}`.'.format(
            hook_class.__name__)})


WeightDecay = _deprecated_hook_alias(optimizer_hooks.WeightDecay)
Lasso = _deprecated_hook_alias(optimizer_hooks.Lasso)
GradientClipping = _deprecated_hook_alias(optimizer_hooks.GradientClipping)
GradientNoise = _deprecated_hook_alias(optimizer_hooks.GradientNoise)
GradientHardClipping = _deprecated_hook_alias(optimizer_hooks.GradientHardClipping)


def _warn_unregistered(optimizer_name, link):
    """Warns about Parameters and Links that ``link``'s tree holds as plain attributes.

    Assigned outside ``init_scope()`` they are not registered, so the optimizer silently
    leaves them as they are; Chainer allows such attributes, hence a warning, not an error.
    """
    from kusari.link import Link
    links = list(link.namedlinks())
    registered = {id(sub) for _, sub in links} | {id(param) for param in link.params()}
    unregistered = [
        '{}/{} ({})'.format(path.rstrip('/'), name, type(value).__name__)
        for path, sub in links for name, value in sorted(vars(sub).items())
        if isinstance(value, (Link, Parameter)) and id(value) not in registered]
    if unregistered:
        warnings.warn(
            '{}.setup: {} {} assigned outside `with self.init_scope():`, so not registered: '
            'the optimizer will not update {}. Assign them inside init_scope() in __init__ '
            '(or with add_link/add_param)'.format(
                optimizer_name, ', '.join(unregistered),
                'is' if len(unregistered) == 1 else 'are',
                'it' if len(unregistered) == 1 else 'them'),
            UserWarning, stacklevel=4)  # the caller of a GradientMethod's setup
