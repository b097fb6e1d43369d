"""Run unmodified Chainer programs and test suites on kusari.

After :func:`install`, ``import chainer`` (and every ``chainer.X.Y``
submodule), ``import chainermn``, ``import chainerx`` and ``import onnx_chainer``
resolve to kusari's own module objects, so both spellings share classes and
configuration::

    python -m kusari.compat train_mnist.py --epoch 3   # a script
    python -m kusari.compat -m pytest tests/            # a module
    pytest -p kusari.compat tests/                      # a test suite

or from Python::

    import kusari.compat
    kusari.compat.install()
    import chainer   # kusari

``chainer.cuda`` is ``chainer.backends.cuda``, ``chainermn`` is
``kusari.distributed``, ``onnx_chainer`` is ``kusari.onnx`` and ``chainerx`` is a
stand-in whose ``is_available()`` is False. Importing a Chainer module that
kusari knowingly lacks raises :class:`ChainerModuleNotAvailable` (an
``ImportError``) naming the module and what to use instead. Chainer's
``CHAINER_*`` environment variables are read by kusari itself, with
``KUSARI_*`` spellings taking precedence.
"""

import sys

from kusari.compat import _finder
from kusari.compat._finder import ChainerModuleNotAvailable
# Hooks for ``pytest -p kusari.compat``; see kusari.compat.pytest_plugin.
from kusari.compat.pytest_plugin import pytest_configure, pytest_load_initial_conftests


def install():
    """Makes Chainer's module names import kusari; idempotent.

    Raises:
        RuntimeError: the real Chainer was imported before; the two cannot
            share a process.
    """
    real = sys.modules.get('chainer')
    if real is not None and not getattr(real, '__name__', '').startswith('kusari'):
        raise RuntimeError(
            'kusari.compat.install: the real Chainer is already imported (from {}); '
            'install kusari.compat before anything imports chainer'.format(
                getattr(real, '__file__', 'unknown location')))
    if _finder.installed_finder() is None:
        # First in line, ahead of any installed Chainer on sys.path.
        sys.meta_path.insert(0, _finder.ChainerFinder())


def uninstall():
    """Undoes :func:`install`: Chainer's names no longer import kusari.

    Modules already imported under Chainer's names are dropped from
    ``sys.modules``; objects obtained through them keep working.
    """
    finder = _finder.installed_finder()
    if finder is not None:
        sys.meta_path.remove(finder)
    for name in [n for n in sys.modules if _finder.is_chainer_name(n)]:
        module = sys.modules[name]
        if getattr(module, '__name__', '').startswith('kusari'):
            del sys.modules[name]


def is_installed():
    """Whether Chainer's module names currently resolve to kusari."""
    return _finder.installed_finder() is not None


__all__ = ['ChainerModuleNotAvailable', 'install', 'is_installed', 'uninstall',
           'pytest_configure', 'pytest_load_initial_conftests']
