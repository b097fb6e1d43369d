"""Negative sampling loss (Mikolov et al., 2013)."""

import numpy

from kusari import core
from kusari.core import Parameter
from kusari.functions.loss import negative_sampling
from kusari.links.loss.walker_alias import WalkerAlias, _SamplingLink
from kusari.utils import argument


class NegativeSampling(_SamplingLink):
    """The negative sampling loss, with negatives drawn in proportion to
    ``counts ** power``.

    Args:
        in_size (int): input size.
        counts (list of ints): frequency of each label (the vocabulary).
        sample_size (int): negative samples per example.
        power (float): the exponent applied to the counts.
        dtype: dtype of ``W`` (None: ``config.dtype``).

    Attributes:
        W (Parameter): the output embedding (vocab_size, in_size), zero at start.
    """

    def __init__(self, in_size, counts, sample_size, power=0.75, dtype=None):
        super().__init__()
        dtype = core.get_dtype(dtype)
        self.sample_size = sample_size
        self.sampler = WalkerAlias(numpy.power(numpy.asarray(counts, dtype), power))
        with self.init_scope():
            self.W = Parameter(numpy.zeros((len(counts), in_size), dtype=dtype))

    def forward(self, x, t, reduce='sum', **kwargs):
        """forward(x, t, reduce='sum', *, return_samples=False)"""
        argument.parse_kwargs_of('NegativeSampling.forward', dict(kwargs),
                                 ('return_samples', False))
        # looked up in its module at each call, as Chainer's link does (so a patch there
        # reaches the link)
        return negative_sampling.negative_sampling(
            x, t, self.W, self.sampler.sample, self.sample_size, reduce=reduce,
            return_samples=kwargs.get('return_samples', False))
