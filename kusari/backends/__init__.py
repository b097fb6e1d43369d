"""Chainer's ``chainer.backends`` package: ``cuda`` (CuPy) and ``intel64`` (iDeep stand-in)."""

import typing

from kusari import _lazy

# As in Chainer, ``chainer.backends.cuda`` is reachable once ``chainer`` is imported.
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari import cuda as cuda  # what kusari.backends.cuda is at run time
    from kusari.backends import intel64 as intel64
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
