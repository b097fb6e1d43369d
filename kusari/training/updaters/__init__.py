"""Updaters."""

from kusari.training.updaters.standard_updater import StandardUpdater  # NOQA
