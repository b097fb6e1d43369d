"""Chainer's ``chainer.backends`` package: ``cuda`` (CuPy) and ``intel64`` (iDeep stand-in)."""
