"""Recurrent cells (lstm, slstm, tree_lstm) and networks over sequences (n_step_*).

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.rnn import (
        lstm as lstm, n_step_gru as n_step_gru, n_step_lstm as n_step_lstm,
        n_step_rnn as n_step_rnn, slstm as slstm, tree_lstm as tree_lstm)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
