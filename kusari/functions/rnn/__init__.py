"""Recurrent cells (lstm, slstm, tree_lstm) and networks over sequences (n_step_*).

One module per function, as in Chainer; ``kusari.functions`` exports them.
"""

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
__getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
