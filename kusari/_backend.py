"""Chainer's ``chainer._backend``, where its ``Device`` base class is defined.

Code that subclasses or checks against ``chainer._backend.Device`` gets the base class of
kusari's devices (``CpuDevice``, ``GpuDevice``, ...), so ``isinstance`` holds for them.
"""

from kusari.backend import Device  # NOQA
