"""Training tools: Trainer, updaters, triggers and extensions."""

from kusari.training import extensions  # NOQA
from kusari.training import trigger  # NOQA (Chainer 7's old path of the trigger helpers)
from kusari.training import triggers  # NOQA
from kusari.training import updaters  # NOQA
from kusari.training import util  # NOQA
from kusari.training.extension import (PRIORITY_EDITOR, PRIORITY_READER,  # NOQA
                                       PRIORITY_WRITER, Extension, make_extension)
from kusari.training.trainer import Trainer  # NOQA
from kusari.training.triggers import IntervalTrigger  # NOQA
from kusari.training.updater import Updater  # NOQA
from kusari.training.updaters import ParallelUpdater, StandardUpdater  # NOQA
from kusari.training.util import get_trigger  # NOQA
