"""Chainer's ``chainer.backends.cuda`` path; see ``kusari.cuda``."""

from kusari.cuda import *  # NOQA
from kusari.cuda import available, cupy, cudnn_enabled, DummyDevice  # NOQA
