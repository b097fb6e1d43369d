"""Trainer extensions: callables run by the Trainer when their trigger fires."""

from __future__ import annotations

import types as builtin_types
import typing

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.serializer import AbstractSerializer
    from kusari.training.trainer import Trainer

PRIORITY_WRITER = 300   # extensions that write to the observation (e.g. Evaluator)
PRIORITY_EDITOR = 200   # extensions that edit the observation
PRIORITY_READER = 100   # extensions that only read it (e.g. LogReport, PrintReport)


class Extension:
    """Base class of trainer extensions.

    A subclass implements ``__call__(trainer)``, which the trainer calls whenever the
    extension's trigger fires; the constructor arguments are the subclass's.

    Attributes:
        trigger: default trigger (``(1, 'iteration')``).
        priority: order among extensions fired at the same iteration (higher first).
        name: name under which the trainer registers it (default: ``default_name``).
    """

    trigger: types.TriggerSpec = 1, 'iteration'
    priority: int = PRIORITY_READER
    name: str | None = None

    @property
    def default_name(self) -> str:
        """The name the trainer registers it under when none is given (the class name)."""
        return type(self).__name__

    def __call__(self, trainer: Trainer) -> typing.Any:
        raise NotImplementedError('{} does not implement __call__'.format(type(self).__name__))

    def initialize(self, trainer: Trainer) -> None:
        """Called once before training starts (also when resuming)."""

    def on_error(self, trainer: Trainer, exc: BaseException,
                 tb: builtin_types.TracebackType | None) -> None:
        """Called when the training loop raises."""

    def finalize(self) -> None:
        """Called when training ends, normally or not."""

    def serialize(self, serializer: AbstractSerializer) -> None:
        """Save or load the extension's state (for resuming)."""


_Function = typing.TypeVar('_Function', bound=typing.Callable[..., typing.Any])


def make_extension(trigger: types.TriggerSpec = None, default_name: str | None = None,
                   priority: int | None = None,
                   finalizer: typing.Callable[[], None] | None = None,
                   initializer: typing.Callable[[Trainer], None] | None = None,
                   on_error: typing.Callable[
                       [Trainer, BaseException, builtin_types.TracebackType | None], None]
                   | None = None,
                   **kwargs: typing.Any) -> typing.Callable[[_Function], _Function]:
    """Decorator that turns a function ``f(trainer)`` into an extension.

    It sets the function's ``trigger``, ``default_name``, ``priority``, ``finalize``,
    ``initialize`` and ``on_error`` attributes (the last three are None unless given;
    the Trainer skips them then).

    Args:
        trigger: the default trigger (``(1, 'iteration')`` when None).
        default_name (str): the name the trainer registers it under (default: the
            function's ``__name__``).
        priority (int): the order among extensions due at the same iteration, higher
            first (default: ``PRIORITY_READER``).
        finalizer (callable): ``finalizer()``, called when training ends.
        initializer (callable): ``initializer(trainer)``, called before training starts.
        on_error (callable): ``on_error(trainer, exc, tb)``, called when training raises.

    Returns:
        The decorator, which returns the function it is given.
    """
    if 'invoke_before_training' in kwargs:
        raise ValueError('make_extension: invoke_before_training was removed in Chainer v2; '
                         'use initializer= instead')
    if kwargs:
        raise TypeError('make_extension() got unexpected arguments: {}'.format(', '.join(kwargs)))
    trigger = Extension.trigger if trigger is None else trigger
    priority = Extension.priority if priority is None else priority

    def decorator(ext):
        ext.trigger = trigger
        ext.default_name = default_name or ext.__name__
        ext.priority = priority
        ext.finalize = finalizer
        ext.initialize = initializer
        ext.on_error = on_error
        return ext

    return decorator
