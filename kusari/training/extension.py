"""Trainer extensions: callables run by the Trainer when their trigger fires."""

PRIORITY_WRITER = 300   # extensions that write to the observation (e.g. Evaluator)
PRIORITY_EDITOR = 200   # extensions that edit the observation
PRIORITY_READER = 100   # extensions that only read it (e.g. LogReport, PrintReport)


class Extension:
    """Base class of trainer extensions.

    Attributes:
        trigger: default trigger (``(1, 'iteration')``).
        priority: order among extensions fired at the same iteration (higher first).
        name: name under which the trainer registers it (default: ``default_name``).
    """

    trigger = 1, 'iteration'
    priority = PRIORITY_READER
    name = None

    @property
    def default_name(self):
        return type(self).__name__

    def __call__(self, trainer):
        raise NotImplementedError('{} does not implement __call__'.format(type(self).__name__))

    def initialize(self, trainer):
        """Called once before training starts (also when resuming)."""

    def on_error(self, trainer, exc, tb):
        """Called when the training loop raises."""

    def finalize(self):
        """Called when training ends, normally or not."""

    def serialize(self, serializer):
        """Save or load the extension's state (for resuming)."""


def make_extension(trigger=None, default_name=None, priority=None, finalizer=None,
                   initializer=None, on_error=None, **kwargs):
    """Decorator that turns a function ``f(trainer)`` into an extension.

    It sets the function's ``trigger``, ``default_name``, ``priority``, ``finalize``,
    ``initialize`` and ``on_error`` attributes (the last three are None unless given;
    the Trainer skips them then).
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
