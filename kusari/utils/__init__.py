"""Small utilities shared across kusari (Chainer's ``chainer.utils``)."""

from kusari.utils.sparse import CooMatrix, get_order, to_coo  # NOQA
from kusari.utils.walker_alias import WalkerAlias  # NOQA
