"""Linear-chain conditional random field."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link
from kusari.links.rnn.n_step_rnn import argsort_list_descent, permutate_list


class CRF1d(Link):
    """A linear-chain CRF with the transition cost matrix ``cost`` (n_label, n_label).

    Args:
        n_label (int): number of labels.
        initial_cost: initializer of ``cost`` (default: zeros).
    """

    def __init__(self, n_label, initial_cost=None):
        super().__init__()
        with self.init_scope():
            self.cost = Parameter(initializers._get_initializer(initial_cost, default=0),
                                  (n_label, n_label))

    def forward(self, xs, ys, reduce='mean', transpose=False):
        """The negative log-likelihood of the label sequences ``ys`` given the score
        sequences ``xs``.

        Args:
            xs: time-major scores, ``xs[t]`` of shape (batch_t, n_label) with
                non-increasing batch_t; with ``transpose=True``, batch-major sequences
                in any order (sorted by decreasing length here).
            ys: the labels, laid out like ``xs``.
            reduce (str): 'mean' or 'no' (then, with ``transpose``, the losses come in
                the sorted order, as in Chainer).
            transpose (bool): ``xs`` and ``ys`` are batch-major.
        """
        if transpose:
            order = argsort_list_descent(xs)
            xs = F.transpose_sequence(permutate_list(xs, order, inv=False))
            ys = F.transpose_sequence(permutate_list(ys, order, inv=False))
        return F.crf1d(self.cost, xs, ys, reduce)

    def argmax(self, xs, transpose=False):
        """The best label sequences and their scores for the scores ``xs``.

        With ``transpose=True`` (batch-major ``xs`` in any order) the paths come back
        in the order of ``xs`` and the scores in the sorted order, as in Chainer.
        """
        if not transpose:
            return F.argmax_crf1d(self.cost, xs)
        order = argsort_list_descent(xs)
        xs = F.transpose_sequence(permutate_list(xs, order, inv=False))
        score, path = F.argmax_crf1d(self.cost, xs)
        path = [p.array for p in F.transpose_sequence(path)]
        return score, permutate_list(path, order, inv=True)
