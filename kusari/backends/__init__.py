"""Chainer's ``chainer.backends`` package: ``cuda`` (CuPy) and ``intel64`` (iDeep stand-in)."""

import importlib


def __getattr__(name):
    # As in Chainer, ``chainer.backends.cuda`` is reachable once ``chainer`` is imported.
    if name in ('cuda', 'intel64'):
        return importlib.import_module('kusari.backends.' + name)
    raise AttributeError('module kusari.backends has no attribute {!r}'.format(name))
