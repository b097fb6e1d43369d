"""Per-object caching of computed Variables (Chainer's ``chainer.utils.cache``)."""

import functools

from kusari.configuration import config


class cached_property:
    """A read-only property computed once per object and per ``config.enable_backprop``.

    The value computed with backprop off holds no graph, so it must not serve a caller
    that needs one; each mode therefore keeps its own value.
    """

    def __init__(self, func):
        functools.update_wrapper(self, func)
        self.func = func

    def __get__(self, obj, cls):
        if obj is None:
            return self
        values = obj.__dict__.setdefault(self.__name__, {})
        mode = bool(config.enable_backprop)
        if mode not in values:
            values[mode] = self.func(obj)
        return values[mode]

    def __set__(self, obj, value):
        # Defined so that this is a data descriptor: the per-mode values stored in the
        # instance dict under the same name never shadow it.
        raise AttributeError('attribute {!r} of {} is read-only'.format(
            self.__name__, type(obj).__name__))
