"""Configuration: a process-wide ``global_config`` and a thread-local ``config`` that
falls back to it; ``using_config`` and the backprop modes; the default dtype.

Every function application reads ``config``, so reading it must cost no Python-level call
(see LocalConfig).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import typing

import numpy


def _env(name, default):
    """Read a setting from ``KUSARI_<name>``, then Chainer's ``CHAINER_<name>``."""
    return os.environ.get('KUSARI_' + name, os.environ.get('CHAINER_' + name, default))


def _env_flag(name, default):
    return bool(int(_env(name, default)))


# Whether debug mode was ever switched on, globally or in some thread, and what to call
# when it first is. Until then FunctionNode.apply skips reading config.debug: a
# thread-local look-up costs as much as all its other checks together.
_debug_ever_on = False
_on_debug_switched_on: list[typing.Callable[[], None]] = []


def _note_config_value(name, value):
    global _debug_ever_on
    if name == 'debug' and value and not _debug_ever_on:
        _debug_ever_on = True
        for callback in _on_debug_switched_on:
            callback()


class GlobalConfig:
    """The process-wide configuration, a plain object with one attribute per key."""

    def __setattr__(self, name, value):
        _note_config_value(name, value)
        object.__setattr__(self, name, value)
        for local_class in _local_classes.get(id(self), ()):
            setattr(local_class, name, value)
            _note_backprop_change(local_class, name)

    def __delattr__(self, name):
        object.__delattr__(self, name)
        for local_class in _local_classes.get(id(self), ()):
            delattr(local_class, name)
            _note_backprop_change(local_class, name)

    def show(self, file=None):
        """Print every entry, sorted by name, one per line."""
        _print_config(self, sorted(self.__dict__), file)


# For each GlobalConfig (by id), the LocalConfig classes mirroring its values.
_local_classes: dict[typing.Any, typing.Any] = {}


class LocalConfig(threading.local):
    """Thread-local configuration that falls back to a GlobalConfig.

    A value set in this thread is an instance attribute of this ``threading.local``.
    The global values are mirrored as class attributes of a class made for this
    object, so a key not set in this thread is found by ordinary attribute lookup:
    reading the configuration costs no Python-level call, which matters because every
    function application reads it.

    Even so, a thread-local look-up costs as much as all the other checks of
    FunctionNode.apply together (600 instructions), so apply first tests
    ``_backprop_everywhere``: True while ``enable_backprop`` is on in every thread,
    i.e. it is on globally and no thread has a value of its own (as
    ``no_backprop_mode`` sets). The threads that have one are listed by id in
    ``_threads_with_own_backprop``; a thread that ends with one set stays listed.
    ``_backprop_listeners`` are called with each new value of ``_backprop_everywhere``
    (the core keeps it in a module global, cheaper to read than a class attribute).
    """

    # set on the class made for each object (see __new__)
    _backprop_everywhere: bool
    _threads_with_own_backprop: set[int]
    _backprop_listeners: list[typing.Callable[[bool], None]]

    def __new__(cls, global_config):
        local_class = type(cls.__name__, (cls,), {
            '__module__': cls.__module__, '_backprop_everywhere': False,
            '_threads_with_own_backprop': set(), '_backprop_listeners': []})
        for name, value in vars(global_config).items():
            setattr(local_class, name, value)
        _note_backprop_change(local_class, 'enable_backprop')
        _local_classes.setdefault(id(global_config), []).append(local_class)
        return threading.local.__new__(local_class, global_config)

    def __init__(self, global_config):
        # threading.local runs __init__ again, with these arguments, in each new thread.
        self._global = global_config

    def __setattr__(self, name, value):
        _note_config_value(name, value)
        super().__setattr__(name, value)
        _note_backprop_change(type(self), name, own=True)

    def __delattr__(self, name):
        super().__delattr__(name)
        _note_backprop_change(type(self), name, own=False)

    def show(self, file=None):
        """Print every entry visible from this thread, sorted, one per line."""
        local_keys = set(self.__dict__) - {'_global'}
        _print_config(self, sorted(set(self._global.__dict__) | local_keys), file)


def _new_backprop_lock():
    # reentrant: a finalizer that the garbage collector runs inside an update may enter
    # no_backprop_mode itself; new in a forked child, where another thread may have
    # held the old one
    global _backprop_lock
    _backprop_lock = threading.RLock()


_new_backprop_lock()
if hasattr(os, 'register_at_fork'):
    os.register_at_fork(after_in_child=_new_backprop_lock)


def _note_backprop_change(local_class, name, own=None):
    """Update ``local_class._backprop_everywhere`` after a change of ``name``; ``own``:
    whether the current thread now has a value of its own (None: a global change)."""
    if name != 'enable_backprop':
        return
    # under a lock, so that a thread's update cannot overwrite a later one's
    with _backprop_lock:
        threads = local_class._threads_with_own_backprop
        if own is True:
            threads.add(threading.get_ident())
        elif own is False:
            threads.discard(threading.get_ident())
        everywhere = not threads and bool(getattr(local_class, 'enable_backprop', False))
        local_class._backprop_everywhere = everywhere
        for listener in local_class._backprop_listeners:
            listener(everywhere)


def _print_config(config, keys, file):
    file = sys.stdout if file is None else file
    width = max(len(key) for key in keys)
    for key in keys:
        file.write('{} {}{}\n'.format(key, ' ' * (width - len(key)), getattr(config, key)))


class _Mixed16:
    """The ``config.dtype`` of 16/32-bit mixed precision: arrays in float16, the parameters
    and statistics that need precision in float32. A dtype-like object: NumPy reads its
    ``dtype`` attribute, so ``numpy.dtype(mixed16)`` is float16."""

    dtype = numpy.dtype(numpy.float16)

    def __repr__(self):
        return "dtype('mixed16')"


mixed16 = _Mixed16()


def _default_dtype():
    name = _env('DTYPE', 'float32')
    if name not in ('float16', 'float32', 'float64', 'mixed16'):
        raise ValueError('KUSARI_DTYPE/CHAINER_DTYPE must be float16, float32, float64 or '
                         'mixed16, not {!r}'.format(name))
    return mixed16 if name == 'mixed16' else numpy.dtype(name)


global_config = GlobalConfig()
global_config.debug = _env_flag('DEBUG', '0')
global_config.cudnn_deterministic = False
global_config.warn_nondeterministic = False
global_config.enable_backprop = True
global_config.keep_graph_on_report = _env_flag('KEEP_GRAPH_ON_REPORT', '0')
global_config.train = True
global_config.type_check = _env_flag('TYPE_CHECK', '1')
global_config.use_cudnn = _env('USE_CUDNN', 'auto')
global_config.use_cudnn_tensor_core = 'auto'
global_config.autotune = False
global_config.schedule_func = None
global_config.use_static_graph = True
global_config.use_ideep = _env('USE_IDEEP', 'never')
global_config.lazy_grad_sum = _env_flag('LAZY_GRAD_SUM', '0')
global_config.cudnn_fast_batch_normalization = _env_flag('CUDNN_FAST_BATCH_NORMALIZATION', '0')
global_config.dtype = _default_dtype()
global_config.in_recomputing = False
global_config._will_recompute = False
global_config.compute_mode = None

config = LocalConfig(global_config)


@contextlib.contextmanager
def using_config(name: str, value: typing.Any,
                 config: typing.Any = config) -> typing.Iterator[None]:
    """Temporarily set a configuration entry in the current thread."""
    had_local = name in config.__dict__
    old = config.__dict__.get(name)
    setattr(config, name, value)
    try:
        yield
    finally:
        if had_local:
            setattr(config, name, old)
        else:
            delattr(config, name)


def no_backprop_mode() -> typing.ContextManager[None]:
    """Context in which functions record no graph (``enable_backprop=False``)."""
    return using_config('enable_backprop', False)


def force_backprop_mode() -> typing.ContextManager[None]:
    """Context in which functions record the graph (``enable_backprop=True``)."""
    return using_config('enable_backprop', True)


def get_dtype(dtype=None, map_mixed16=None):
    """The dtype to use: ``dtype`` if given, else ``config.dtype`` (mixed16 -> float16)."""
    if dtype is None:
        dtype = config.dtype
    if dtype is mixed16 and map_mixed16 is not None:
        return numpy.dtype(map_mixed16)
    return numpy.dtype(dtype)
