"""Broadcast addition of a learnable bias."""

from kusari import functions as F
from kusari.core import Parameter
from kusari.link import Link


class Bias(Link):
    """Adds ``b`` to the input, broadcast from ``axis`` on (see :func:`functions.bias`).

    Args:
        axis (int): the first axis of the input the bias applies to.
        shape (tuple of ints or None): shape of the learnable bias ``b`` (zeros). If
            None there is no parameter and ``forward(x, y)`` adds the given ``y``.
    """

    def __init__(self, axis=1, shape=None):
        super().__init__()
        if shape is not None:
            with self.init_scope():
                self.b = Parameter(0, shape)
        self.axis = axis

    def forward(self, *xs):
        if hasattr(self, 'b'):
            x, = xs
            return F.bias(x, self.b, self.axis)
        x, y = xs
        return F.bias(x, y, self.axis)
