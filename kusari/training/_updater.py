"""Chainer's ``chainer.training._updater``, where its ``Updater`` base class is defined:
the same class as ``kusari.training.Updater``."""

from kusari.training.updater import Updater  # NOQA
