"""Chainer's ``chainer.utils._collections``: its ``OrderedDict``, which on Python 3 is the
standard one."""

from collections import OrderedDict  # NOQA
