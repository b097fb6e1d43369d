"""Activation links with parameters."""

import typing

from kusari import _lazy

_EXPORTS = {
    'Maxout': 'maxout',
    'PReLU': 'prelu',
    'SimplifiedDropconnect': 'simplified_dropconnect',
    'Swish': 'swish',
}

__all__ = sorted(_EXPORTS)

# Type checkers see the submodules and the names through these imports ("X as X":
# re-exported), not the lazy look-up, through which they would take any attribute, a
# misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.links.activation import (
        maxout as maxout, prelu as prelu, simplified_dropconnect as simplified_dropconnect,
        swish as swish)
    from kusari.links.activation.maxout import Maxout as Maxout
    from kusari.links.activation.prelu import PReLU as PReLU
    from kusari.links.activation.simplified_dropconnect import (
        SimplifiedDropconnect as SimplifiedDropconnect)
    from kusari.links.activation.swish import Swish as Swish
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, _EXPORTS)
