"""Normalization functions.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.normalization import (
        batch_normalization as batch_normalization, batch_renormalization as batch_renormalization,
        decorrelated_batch_normalization as decorrelated_batch_normalization,
        group_normalization as group_normalization, l2_normalization as l2_normalization,
        layer_normalization as layer_normalization,
        local_response_normalization as local_response_normalization)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
