"""Broadcast addition of a learnable bias."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.variable import Parameter
from kusari.link import Link
from kusari.configuration import config

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Bias(Link):
    """Adds ``b`` to the input, broadcast from ``axis`` on (see :func:`functions.bias`).

    Args:
        axis (int): the first axis of the input the bias applies to (default 1).
        shape (tuple of ints or None): shape of the learnable bias ``b`` (zeros). If
            None (the default) there is no parameter and ``forward(x, y)`` adds the
            given ``y``.
    """

    def __init__(self, axis: int = 1, shape: types.ShapeSpec | None = None) -> None:
        super().__init__()
        if shape is not None:
            with self.init_scope():
                self.b = Parameter(0, shape)
        self.axis = axis

    def forward(self, *xs: types.VariableOrArray) -> Variable:
        """Add the bias: ``forward(x)`` with the link's ``b``, ``forward(x, y)`` without.

        Args:
            xs: the input ``x``, of shape ``(N, ...)``, and when the link has no ``b``
                the bias ``y``, whose shape is ``x.shape[axis:axis + y.ndim]``.

        Returns:
            ~kusari.Variable: the sum, of the same shape as ``x``.
        """
        if hasattr(self, 'b'):
            x, = check_inputs('Bias', xs, 1, 'the link has b')
            return F.bias(x, self.b, self.axis)
        x, y = check_inputs('Bias', xs, 2, 'the link has no b')
        return F.bias(x, y, self.axis)


def check_inputs(link, xs, count, why):
    """``xs`` when there are ``count`` of them; otherwise, as Chainer, an AssertionError in
    debug mode and a ValueError outside it."""
    if len(xs) != count:
        error = AssertionError if config.debug else ValueError
        raise error('{}: expected {} input(s) ({}), got {}'.format(link, count, why, len(xs)))
    return xs
