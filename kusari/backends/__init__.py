"""Chainer's ``chainer.backends`` package: ``cuda`` is kusari's CuPy module."""
