"""Optimizers (Chainer's ``chainer.optimizers``)."""

import typing

from kusari.optimizers.ada_delta import AdaDelta, AdaDeltaRule  # NOQA
from kusari.optimizers.ada_grad import AdaGrad, AdaGradRule  # NOQA
from kusari.optimizers.adam import (AdaBound, Adam, AdamRule, AdamW, AMSBound,  # NOQA
                                    AMSGrad)
from kusari.optimizers.corrected_momentum_sgd import (CorrectedMomentumSGD,  # NOQA
                                                      CorrectedMomentumSGDRule)
from kusari.optimizers.momentum_sgd import MomentumSGD, MomentumSGDRule  # NOQA
from kusari.optimizers.msvag import MSVAG, MSVAGRule  # NOQA
from kusari.optimizers.nesterov_ag import NesterovAG, NesterovAGRule  # NOQA
from kusari.optimizers.rmsprop import RMSprop, RMSpropRule  # NOQA
from kusari.optimizers.rmsprop_graves import RMSpropGraves, RMSpropGravesRule  # NOQA
from kusari.optimizers.sgd import SGD, SGDRule  # NOQA
from kusari.optimizers.smorms3 import SMORMS3, SMORMS3Rule  # NOQA

# Type checkers see Eve and EveRule through these imports ("X as X": re-exported), not
# __getattr__, through which they would take any attribute, a misspelt one too.
if typing.TYPE_CHECKING:
    from kusari.optimizers.eve import Eve as Eve, EveRule as EveRule
else:
    def __getattr__(name):
        # Eve, kusari's addition (its update needs the loss function), is reachable as
        # kusari.optimizers.Eve but not listed by dir(): code that enumerates Chainer's
        # optimizers through dir(chainer.optimizers) finds Chainer's fifteen.
        if name in ('Eve', 'EveRule'):
            from kusari.optimizers import eve
            return getattr(eve, name)
        raise AttributeError('module {} has no attribute {!r}'.format(__name__, name))
