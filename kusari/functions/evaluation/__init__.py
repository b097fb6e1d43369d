"""Evaluation functions.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.evaluation import (
        accuracy as accuracy, binary_accuracy as binary_accuracy,
        classification_summary as classification_summary, r2_score as r2_score)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
