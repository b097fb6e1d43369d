"""Helpers for testing multi-process programs (``chainermn.testing``)."""

from kusari.distributed.testing.device import get_device  # NOQA
