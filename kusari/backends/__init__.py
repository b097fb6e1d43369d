"""Chainer's ``chainer.backends`` package: ``cuda`` (CuPy) and ``intel64`` (iDeep stand-in)."""

from kusari import _lazy

# As in Chainer, ``chainer.backends.cuda`` is reachable once ``chainer`` is imported.
__getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
