"""Activation links with parameters."""

from kusari import _lazy

_EXPORTS = {
    'Maxout': 'maxout',
    'PReLU': 'prelu',
    'SimplifiedDropconnect': 'simplified_dropconnect',
    'Swish': 'swish',
}

__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
