"""BlackOut loss (Ji et al., 2016)."""

from __future__ import annotations

import typing

import numpy

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.links.loss.walker_alias import WalkerAlias, _SamplingLink

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class BlackOut(_SamplingLink):
    """The BlackOut loss with negatives drawn in proportion to ``counts``.

    Args:
        in_size (int): input size.
        counts (list of ints): frequency of each label (the vocabulary).
        sample_size (int): negative samples per example.

    Attributes:
        W (Parameter): the output embedding (vocab_size, in_size). Chainer leaves it
            NaN-filled for the user to set; kusari draws it from LeCunNormal so that a
            fresh link gives finite losses.
        sample_data (array or None): negatives (batch, sample_size) to use instead of
            drawing them (Chainer's attribute).
    """

    def __init__(self, in_size: int, counts: typing.Sequence[int], sample_size: int) -> None:
        super().__init__()
        self.sampler = WalkerAlias(numpy.asarray(counts, dtype=numpy.float32))
        self.sample_size = sample_size
        self.sample_data = None
        with self.init_scope():
            self.W = Parameter(initializers.LeCunNormal(), (len(counts), in_size))

    def forward(self, x: types.VariableOrArray, t: types.VariableOrArray) -> Variable:
        """The BlackOut loss of the labels ``t`` given the inputs ``x``.

        Args:
            x: inputs of shape ``(N, in_size)``.
            t: int32 labels of shape ``(N,)``.

        Returns:
            ~kusari.Variable: the loss averaged over the batch, of shape ``()``.
        """
        samples = self.sample_data
        if samples is None:
            samples = self.sampler.sample((x.shape[0], self.sample_size))
        return F.black_out(x, t, self.W, samples)
