"""Compatibility with Caffe models (``kusari.links.caffe.CaffeFunction``)."""

import typing

from kusari import _lazy

_EXPORTS = {
    'CaffeFunction': 'caffe_function',
}

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.caffe import caffe_function as caffe_function, protobuf3 as protobuf3
    from kusari.links.caffe.caffe_function import CaffeFunction as CaffeFunction
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
