"""Noise injections."""

from kusari.functions.noise.dropout import dropout  # NOQA
from kusari.functions.noise.gaussian import gaussian  # NOQA
from kusari.functions.noise.gumbel_softmax import gumbel_softmax  # NOQA
from kusari.functions.noise.simplified_dropconnect import simplified_dropconnect  # NOQA
from kusari.functions.noise.zoneout import zoneout  # NOQA

__all__ = ['dropout', 'gaussian', 'gumbel_softmax', 'simplified_dropconnect', 'zoneout']
