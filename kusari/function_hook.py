"""Base class of hooks called around every function application."""

from kusari import core


class FunctionHook:
    """Callbacks before/after each function's forward and backward.

    Use ``with hook:`` to register it globally, or ``node.add_hook(hook)`` for one node.
    """

    name = 'FunctionHook'

    def __enter__(self):
        hooks = core.get_function_hooks()
        if self.name in hooks:
            raise KeyError('hook {} already exists'.format(self.name))
        hooks[self.name] = self
        self.added(None)
        return self

    def __exit__(self, *_):
        core.get_function_hooks().pop(self.name)
        self.deleted(None)

    def added(self, function):
        """Called when the hook is registered (``function`` is None when global)."""

    def deleted(self, function):
        """Called when the hook is unregistered (``function`` is None when global)."""

    def forward_preprocess(self, function, in_data):
        pass

    def forward_postprocess(self, function, in_data):
        pass

    def backward_preprocess(self, function, in_data, out_grad):
        pass

    def backward_postprocess(self, function, in_data, out_grad):
        pass
