"""Small utilities shared across kusari (Chainer's ``chainer.utils``)."""

from kusari.utils.sparse import CooMatrix, get_order, to_coo  # NOQA
