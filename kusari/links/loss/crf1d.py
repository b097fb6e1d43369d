"""Linear-chain conditional random field."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link
from kusari.links.rnn.n_step_rnn import argsort_list_descent, permutate_list

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class CRF1d(Link):
    """A linear-chain CRF with the transition cost matrix ``cost`` (n_label, n_label).

    Args:
        n_label (int): number of labels.
        initial_cost: initializer of ``cost`` (default None: zeros).
    """

    def __init__(self, n_label: int, initial_cost: types.InitializerSpec | None = None
                 ) -> None:
        super().__init__()
        with self.init_scope():
            self.cost = Parameter(initializers._get_initializer(initial_cost, default=0),
                                  (n_label, n_label))

    def forward(self, xs: typing.Sequence[types.VariableOrArray],
                ys: typing.Sequence[types.VariableOrArray], reduce: str = 'mean',
                transpose: bool = False) -> Variable:
        """The negative log-likelihood of the label sequences ``ys`` given the score
        sequences ``xs``.

        Args:
            xs: time-major scores, ``xs[t]`` of shape ``(B_t, n_label)`` with
                non-increasing ``B_t``; with ``transpose=True``, batch-major sequences
                ``(T_b, n_label)`` in any order (sorted by decreasing length here).
            ys: the int32 labels, laid out like ``xs`` (``ys[t]`` of shape ``(B_t,)``).
            reduce (str): 'mean' (the default) or 'no' (then, with ``transpose``, the
                losses come in the sorted order, as in Chainer).
            transpose (bool): ``xs`` and ``ys`` are batch-major (default False).

        Returns:
            ~kusari.Variable: the loss, of shape ``()`` (``'mean'``) or ``(B,)``
            (``'no'``).
        """
        if transpose:
            order = argsort_list_descent(xs)
            xs = F.transpose_sequence(permutate_list(xs, order, inv=False))
            ys = F.transpose_sequence(permutate_list(ys, order, inv=False))
        return F.crf1d(self.cost, xs, ys, reduce)

    def argmax(self, xs: typing.Sequence[types.VariableOrArray], transpose: bool = False
               ) -> tuple[Variable, list[types.NdArray]]:
        """The best label sequences and their scores for the scores ``xs``.

        With ``transpose=True`` (batch-major ``xs`` in any order) the paths come back
        in the order of ``xs`` and the scores in the sorted order, as in Chainer.

        Args:
            xs: scores laid out as in ``forward``.
            transpose (bool): ``xs`` is batch-major (default False).

        Returns:
            tuple: ``(score, path)``: the best scores, a Variable of shape ``(B,)``, and
            the int32 label paths, laid out like ``xs``.
        """
        if not transpose:
            return F.argmax_crf1d(self.cost, xs)
        order = argsort_list_descent(xs)
        xs = F.transpose_sequence(permutate_list(xs, order, inv=False))
        score, path = F.argmax_crf1d(self.cost, xs)
        path = [p.array for p in F.transpose_sequence(path)]
        return score, permutate_list(path, order, inv=True)
