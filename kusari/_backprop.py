"""Chainer's ``chainer._backprop``: ``backward``, backprop from several outputs at once (the
very scheduler of ``kusari.backward``)."""

from kusari.core import backward  # NOQA
