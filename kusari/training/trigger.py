"""Chainer 7's ``chainer.training.trigger``, kept there for code written against older
Chainer: the trigger helpers under their old module path."""

from kusari.training.triggers.interval_trigger import IntervalTrigger  # NOQA
from kusari.training.util import _never_fire_trigger, get_trigger  # NOQA
