"""Compatibility with Caffe models (``kusari.links.caffe.CaffeFunction``)."""

from kusari import _lazy

_EXPORTS = {
    'CaffeFunction': 'caffe_function',
}

__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
