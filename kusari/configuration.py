"""Chainer's ``chainer.configuration`` path; the objects live in ``kusari.core``."""

from kusari.core import GlobalConfig, LocalConfig, config, global_config, using_config  # NOQA
