"""Top-level ``chainer``/``chainermn``/``chainerx``/``onnx_chainer`` packages for child processes.

``python -m kusari.compat`` puts this folder first on ``PYTHONPATH`` and on
``sys.path`` (which ``multiprocessing`` hands to spawned children), ahead of
any installed Chainer, so that a child process importing Chainer gets kusari
too. In the parent process the import hook answers before ``sys.path`` is
searched, so the folder changes nothing there.
"""

import os
import sys

PATH = os.path.dirname(os.path.abspath(__file__))


def replace(name):
    """Installs the import hook and puts kusari's module in place of ``name``."""
    if '.' in name:
        return  # imported as kusari.compat._shim.<name> (documentation tools)
    from kusari import compat
    from kusari.compat import _finder
    # Take our own place first: install() refuses a foreign 'chainer' module.
    sys.modules[name] = _finder.import_counterpart(name)
    compat.install()


def export_to_children():
    """Makes processes started from now on find the stand-ins."""
    paths = os.environ.get('PYTHONPATH', '').split(os.pathsep)
    if PATH not in paths:
        os.environ['PYTHONPATH'] = os.pathsep.join(filter(None, [PATH] + paths))
    if PATH not in sys.path:
        # After sys.path[0], the script's folder.
        sys.path.insert(1, PATH)
