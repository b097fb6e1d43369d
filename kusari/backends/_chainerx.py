"""Chainer's ``chainer.backends._chainerx`` without ChainerX: its device class and array
conversions, as kusari's ChainerX stand-ins (``ChainerxDevice`` and ``to_chx`` raise
NotImplementedError; ``from_chx`` returns its argument, as no kusari array is ChainerX's).
"""

from kusari.backend import ChainerxDevice, from_chx, to_chx  # NOQA
