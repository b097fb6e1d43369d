"""Loss functions. One module per function, as in Chainer; ``kusari.functions`` exports them."""

import typing

from kusari import _lazy

# Its modules are attributes of the package, as in Chainer (which imports them all).
# Type checkers see the submodules through these imports ("X as X": re-exported), not
# the lazy look-up, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.functions.loss import (
        absolute_error as absolute_error, black_out as black_out, contrastive as contrastive,
        crf1d as crf1d, cross_covariance as cross_covariance, ctc as ctc, decov as decov,
        discriminative_loss as discriminative_loss, hinge as hinge, huber_loss as huber_loss,
        mean_absolute_error as mean_absolute_error, mean_squared_error as mean_squared_error,
        negative_sampling as negative_sampling, sigmoid_cross_entropy as sigmoid_cross_entropy,
        softmax_cross_entropy as softmax_cross_entropy, squared_error as squared_error,
        triplet as triplet, vae as vae)
else:
    __getattr__, __dir__ = _lazy.lazy_exports(__name__, {})
