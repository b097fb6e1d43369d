"""Base class of hooks called around every link's forward."""

import typing

# Registered LinkHook objects, by name. Empty in the common case, so Link.__call__ pays
# only a truthiness test for hooks it does not have.
_link_hooks: dict[str, typing.Any] = {}


def get_link_hooks():
    """The dict of globally registered link hooks."""
    return _link_hooks


class _ForwardPreprocessCallbackArgs:
    """What a LinkHook's forward_preprocess receives (Chainer's class name)."""

    def __init__(self, link, forward_name, args, kwargs):
        self.link = link
        self.forward_name = forward_name
        self.args = args
        self.kwargs = kwargs

    def _fields(self):
        return [('link', self.link), ('forward_name', self.forward_name),
                ('args', self.args), ('kwargs', self.kwargs)]

    def __repr__(self):
        return '<{}.{} {}>'.format(type(self).__module__, type(self).__qualname__, ' '.join(
            '{}={}'.format(name, value) for name, value in self._fields()))


class _ForwardPostprocessCallbackArgs(_ForwardPreprocessCallbackArgs):
    """What a LinkHook's forward_postprocess receives: the call and its output."""

    def __init__(self, link, forward_name, args, kwargs, out):
        super().__init__(link, forward_name, args, kwargs)
        self.out = out

    def _fields(self):
        return super()._fields() + [('out', self.out)]


ForwardPreprocessArgs = _ForwardPreprocessCallbackArgs
ForwardPostprocessArgs = _ForwardPostprocessCallbackArgs


# Chainer's names of the two classes, which hooks written for Chainer construct.
_ForwardPreprocessCallbackArgs = ForwardPreprocessArgs
_ForwardPostprocessCallbackArgs = ForwardPostprocessArgs


class LinkHook:
    """Callbacks before/after each link's forward.

    Use ``with hook:`` to register it globally, or ``link.add_hook(hook)`` for one link.
    """

    name = 'LinkHook'

    def __enter__(self):
        hooks = _link_hooks
        if self.name in hooks:
            raise KeyError('hook {} already exists'.format(self.name))
        hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        _link_hooks.pop(self.name)
        self.deleted(None)

    def added(self, link):
        pass

    def deleted(self, link):
        pass

    def forward_preprocess(self, args):
        pass

    def forward_postprocess(self, args):
        pass
