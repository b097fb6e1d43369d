"""Theano interoperability (unsupported: Theano is no longer maintained)."""

from kusari import _lazy

_EXPORTS = {
    'TheanoFunction': 'theano_function',
}

__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
