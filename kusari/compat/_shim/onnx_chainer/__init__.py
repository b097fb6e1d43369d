"""Stand-in found on ``sys.path`` by processes started from ``python -m kusari.compat``.

Child processes (``multiprocessing`` spawn/forkserver, ``subprocess`` calls to
Python) do not inherit the import hook; importing this module installs it and
replaces itself with kusari's module.
"""

from kusari.compat import _shim

_shim.replace(__name__)
