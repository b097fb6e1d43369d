"""Noise injections. One module per function, as in Chainer; ``kusari.functions`` exports them."""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.noise import (
        dropout as dropout, gaussian as gaussian, gumbel_softmax as gumbel_softmax,
        simplified_dropconnect as simplified_dropconnect, zoneout as zoneout)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
