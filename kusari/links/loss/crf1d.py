"""Linear-chain conditional random field."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link


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
                sorted by decreasing length.
            ys: the labels, laid out like ``xs``.
            reduce (str): 'mean' or 'no'.
            transpose (bool): ``xs`` and ``ys`` are batch-major.
        """
        if transpose:
            xs = F.transpose_sequence(xs)
            ys = F.transpose_sequence(ys)
        return F.crf1d(self.cost, xs, ys, reduce)

    def argmax(self, xs, transpose=False):
        """The best label sequences (and their scores) for the scores ``xs``."""
        if transpose:
            xs = F.transpose_sequence(xs)
        score, path = F.argmax_crf1d(self.cost, xs)
        if transpose:
            path = [p.array if hasattr(p, 'array') else p for p in path]
            path = [t.array for t in F.transpose_sequence(path)]
        return score, path
