"""Negative sampling loss (Mikolov et al., 2013)."""

from __future__ import annotations

import typing

import numpy

from kusari import core
from kusari.variable import Parameter
from kusari.functions.loss import negative_sampling
from kusari.links.loss.walker_alias import WalkerAlias, _SamplingLink
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class NegativeSampling(_SamplingLink):
    """The negative sampling loss, with negatives drawn in proportion to
    ``counts ** power``.

    Args:
        in_size (int): input size.
        counts (list of ints): frequency of each label (the vocabulary).
        sample_size (int): negative samples per example.
        power (float): the exponent applied to the counts (default 0.75).
        dtype: dtype of ``W`` (default None: ``config.dtype``).

    Attributes:
        W (Parameter): the output embedding (vocab_size, in_size), zero at start.
    """

    def __init__(self, in_size: int, counts: typing.Sequence[int], sample_size: int,
                 power: float = 0.75, dtype: types.DTypeSpec = None) -> None:
        super().__init__()
        dtype = core.get_dtype(dtype)
        self.sample_size = sample_size
        self.sampler = WalkerAlias(numpy.power(numpy.asarray(counts, dtype), power))
        with self.init_scope():
            self.W = Parameter(numpy.zeros((len(counts), in_size), dtype=dtype))

    def forward(self, x: types.VariableOrArray, t: types.VariableOrArray, reduce: str = 'sum',
                **kwargs: typing.Any) -> Variable | tuple[Variable, types.NdArray]:
        """forward(x, t, reduce='sum', *, return_samples=False)

        The negative sampling loss of the labels ``t`` given the inputs ``x``.

        Args:
            x: inputs of shape ``(N, in_size)``.
            t: int32 labels of shape ``(N,)``.
            reduce (str): 'sum' (the default) or 'no'.
            kwargs: ``return_samples`` (bool, default False): also return the labels
                used, an int32 array ``(N, sample_size + 1)`` (``t`` then the
                negatives).

        Returns:
            ~kusari.Variable: the loss, of shape ``()`` (``'sum'``) or ``(N,)``
            (``'no'``); with ``return_samples``, ``(loss, samples)``.
        """
        argument.parse_kwargs_of('NegativeSampling.forward', dict(kwargs),
                                 ('return_samples', False))
        # looked up in its module at each call, as Chainer's link does (so a patch there
        # reaches the link)
        return negative_sampling.negative_sampling(
            x, t, self.W, self.sampler.sample, self.sample_size, reduce=reduce,
            return_samples=kwargs.get('return_samples', False))
