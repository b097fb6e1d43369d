"""Tree-structured LSTM units (Tai et al., 2015; Bowman et al., 2016)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


def _zero_input(link, cs, hs):
    """A zero input for a node without one, shaped after its children's states."""
    for v in tuple(cs) + tuple(hs):
        if v is not None:
            return link.xp.zeros((v.shape[0], link.in_size), dtype=v.dtype)
    raise ValueError('{}: all inputs (cs, hs, x) are None'.format(type(link).__name__))


def _fill_missing(xp, vs, shape, dtype):
    """The children's states with None replaced by zeros."""
    if all(v is not None for v in vs):
        return tuple(vs)
    zero = xp.zeros(shape, dtype=dtype)
    return tuple(zero if v is None else v for v in vs)


class ChildSumTreeLSTM(Chain):
    """Child-Sum TreeLSTM: ``c, h = link(c_1, ..., c_n, h_1, ..., h_n, x)`` for any
    number of children; the result does not depend on their order.

    Args:
        in_size (int): input size.
        out_size (int): state size.

    Attributes:
        W_x (Linear): input -> (a, i, o, f) (4 out).
        W_h_aio (Linear): sum of children's h -> (a, i, o) (no bias).
        W_h_f (Linear): each child's h -> its forget gate (no bias).
    """

    def __init__(self, in_size: int, out_size: int) -> None:
        super().__init__()
        with self.init_scope():
            self.W_x = Linear(in_size, 4 * out_size)
            self.W_h_aio = Linear(out_size, 3 * out_size, nobias=True)
            self.W_h_f = Linear(out_size, out_size, nobias=True)
        self.in_size = in_size
        self.state_size = out_size

    def forward(self, *cshsx: types.VariableOrArray | None) -> tuple[Variable, Variable]:
        """The state of a node from its children's states and its input.

        Args:
            cshsx: the children's cell states ``c_1, ..., c_n``, then their outputs
                ``h_1, ..., h_n``, each of shape ``(N, out_size)``, then the input
                ``x`` of shape ``(N, in_size)``; a None is zeros (not all may be
                None).

        Returns:
            tuple: the node's ``(c, h)``, both Variables of shape ``(N, out_size)``.
        """
        if len(cshsx) % 2 != 1:
            raise ValueError('ChildSumTreeLSTM: expected c_1..c_n, h_1..h_n, x (an odd '
                             'number of arguments), got {}'.format(len(cshsx)))
        n = len(cshsx) // 2
        cs, hs, x = cshsx[:n], cshsx[n:-1], cshsx[-1]
        if x is None:
            x = _zero_input(self, cs, hs)
        aio_x, f_x = F.split_axis(self.W_x(x), [3 * self.state_size], axis=1)
        if n == 0:
            a, i, o = F.split_axis(aio_x, 3, axis=1)
            c = F.sigmoid(i) * F.tanh(a)
            return c, F.sigmoid(o) * F.tanh(c)
        shape = (x.shape[0], self.state_size)
        hs = _fill_missing(self.xp, hs, shape, x.dtype)
        cs = _fill_missing(self.xp, cs, shape, x.dtype)
        h_sum = hs[0]
        for h in hs[1:]:
            h_sum = h_sum + h
        aio_in = self.W_h_aio(h_sum) + aio_x
        f_h = F.concat(F.split_axis(self.W_h_f(F.concat(hs, axis=0)), n, axis=0), axis=1)
        f_in = f_h + F.concat([f_x] * n, axis=1)
        return F.tree_lstm(*(cs + (F.concat([aio_in, f_in], axis=1),)))


class NaryTreeLSTM(Chain):
    """N-ary TreeLSTM: ``c, h = link(c_1, ..., c_N, h_1, ..., h_N, x)`` for exactly
    ``n_ary`` ordered children, each with its own weights ``W_h1`` ... ``W_hN``
    (Bowman et al.'s variant with per-child forget gates).

    Args:
        in_size (int): input size.
        out_size (int): state size.
        n_ary (int): number of children (default 2).
    """

    def __init__(self, in_size: int, out_size: int, n_ary: int = 2) -> None:
        if n_ary < 1:
            raise ValueError('NaryTreeLSTM: n_ary must be positive, got {}'.format(n_ary))
        super().__init__()
        with self.init_scope():
            self.W_x = Linear(in_size, (3 + n_ary) * out_size)
            for i in range(1, n_ary + 1):
                setattr(self, 'W_h{}'.format(i),
                        Linear(out_size, (3 + n_ary) * out_size, nobias=True))
        self.in_size = in_size
        self.state_size = out_size
        self.n_ary = n_ary

    def forward(self, *cshsx: types.VariableOrArray | None) -> tuple[Variable, Variable]:
        """The state of a node from its ``n_ary`` children's states and its input.

        Args:
            cshsx: the children's cell states ``c_1, ..., c_N``, then their outputs
                ``h_1, ..., h_N``, each of shape ``(N, out_size)`` or None for a
                missing child, then the input ``x`` of shape ``(N, in_size)`` (None:
                zeros).

        Returns:
            tuple: the node's ``(c, h)``, both Variables of shape ``(N, out_size)``.
        """
        if len(cshsx) != 2 * self.n_ary + 1:
            raise ValueError('NaryTreeLSTM: expected {} arguments (c_1..c_N, h_1..h_N, x), '
                             'got {}'.format(2 * self.n_ary + 1, len(cshsx)))
        cs, hs, x = cshsx[:self.n_ary], cshsx[self.n_ary:-1], cshsx[-1]
        if x is None:
            x = _zero_input(self, cs, hs)
        tree_lstm_in = self.W_x(x)
        for i, h in enumerate(hs, start=1):
            if h is not None:
                tree_lstm_in += getattr(self, 'W_h{}'.format(i))(h)
        cs = _fill_missing(self.xp, cs, (x.shape[0], self.state_size), x.dtype)
        return F.tree_lstm(*(cs + (tree_lstm_in,)))
