"""Theano interoperability (unsupported: Theano is no longer maintained)."""

import typing

from kusari import _lazy

_EXPORTS = {
    'TheanoFunction': 'theano_function',
}

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.theano import theano_function as theano_function
    from kusari.links.theano.theano_function import TheanoFunction as TheanoFunction
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
