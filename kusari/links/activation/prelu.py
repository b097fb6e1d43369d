"""Parametric ReLU (He et al., 2015)."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link


class PReLU(Link):
    """``y = max(x, 0) + W * min(x, 0)`` with a learnable slope ``W``.

    Args:
        shape (tuple of ints): shape of ``W``; it applies from axis 1 of the input
            (``()``: one slope shared by all elements).
        init: initializer (or value) of ``W``.
    """

    def __init__(self, shape=(), init=0.25):
        super().__init__()
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(init), shape)

    def forward(self, x):
        return F.prelu(x, self.W)
