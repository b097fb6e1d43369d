"""Activation functions.

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.activation import (
        clipped_relu as clipped_relu, crelu as crelu, elu as elu, hard_sigmoid as hard_sigmoid,
        leaky_relu as leaky_relu, log_softmax as log_softmax, maxout as maxout, prelu as prelu,
        relu as relu, rrelu as rrelu, selu as selu, sigmoid as sigmoid, softmax as softmax,
        softplus as softplus, swish as swish, tanh as tanh)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
