"""Batch normalization layer (Ioffe & Szegedy, 2015)."""

from __future__ import annotations

import typing
import numbers

import numpy

from kusari import core
from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link
from kusari.utils import argument
from kusari.configuration import config

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


def _init_array(initializer, default_value, shape, dtype):
    initializer = initializers._get_initializer(
        default_value if initializer is None else initializer)
    return initializers.generate_array(initializer, shape, numpy, dtype=dtype)


def parse_finetune(link, kwargs):
    """The ``finetune`` keyword of a normalization link's forward."""
    finetune, = argument.parse_kwargs_of(
        link + '.forward', dict(kwargs), ('finetune', False),
        test="{}: the test argument is not supported anymore; use "
             "kusari.using_config('train', False)".format(link))
    return finetune


def statistics_to_update(link, finetune, *statistics):
    """The running ``statistics`` a training forward updates, or Nones when F.forget reruns
    in backward a forward that already updated them (with ``finetune``, the count of
    batches that rerun added is taken back)."""
    if not config.in_recomputing:
        return statistics
    if finetune:
        link.N -= 1
    return (None,) * len(statistics)


def initializer_of(initializer, default, dtype):
    """The initializer of a normalization parameter (``default`` when None), set to
    ``dtype`` as Chainer does."""
    initializer = initializers._get_initializer(default if initializer is None else initializer)
    initializer.dtype = dtype
    return initializer


class BatchNormalization(Link):
    """Normalizes by batch statistics while training and keeps moving averages of them
    (``avg_mean``, ``avg_var``) for use when ``config.train`` is False.

    Three modes: training (batch statistics; the moving averages decay by ``decay``),
    fine-tuning (``finetune=True`` while training: the averages become the exact
    population statistics over the batches seen since ``start_finetuning``), and
    testing (``config.train`` False: the stored statistics normalize).

    Args:
        size (int, tuple of ints or None): the shape of the normalized axes, e.g. the
            channels (default None: inferred from ``axis`` and the first input).
        decay (float): decay rate of the moving averages (default 0.9).
        eps (float): added to the variance (default 2e-5).
        dtype: dtype of the parameters and statistics (default None: ``config.dtype``;
            float32 under mixed16).
        use_gamma (bool): learn a scale ``gamma``, else 1 (default True).
        use_beta (bool): learn a shift ``beta``, else 0 (default True).
        initial_gamma: initializer of ``gamma`` (default None: 1).
        initial_beta: initializer of ``beta`` (default None: 0).
        axis (int or tuple of ints or None): the axes statistics are taken over
            (default None: all but the axes from 1 that ``size`` covers).
        initial_avg_mean: initializer of ``avg_mean`` (default None: 0).
        initial_avg_var: initializer of ``avg_var`` (default None: 1).

    Attributes:
        gamma, beta (Parameter): scale and shift.
        avg_mean, avg_var (array): the population statistics (persistent).
        N (int): batches seen in fine-tuning mode (persistent).
    """

    gamma: Parameter | None = None
    beta: Parameter | None = None
    avg_mean: types.NdArray = None
    avg_var: types.NdArray = None

    def __init__(self, size: types.ShapeSpec | None = None, decay: float = 0.9,
                 eps: float = 2e-5, dtype: types.DTypeSpec = None, use_gamma: bool = True,
                 use_beta: bool = True, initial_gamma: types.InitializerSpec | None = None,
                 initial_beta: types.InitializerSpec | None = None,
                 axis: int | tuple[int, ...] | None = None,
                 initial_avg_mean: types.InitializerSpec | None = None,
                 initial_avg_var: types.InitializerSpec | None = None) -> None:
        super().__init__()
        if size is None and axis is None:
            raise RuntimeError('{}: size or axis is required'.format(type(self).__name__))
        self._initial_avg_mean = initial_avg_mean
        self._initial_avg_var = initial_avg_var
        self.N = 0
        self.register_persistent('N')
        self.decay = decay
        self.eps = eps
        self.axis = (axis,) if isinstance(axis, int) else axis
        # mixed16 keeps the parameters and statistics in float32, as Chainer
        self._dtype = core.get_dtype(dtype, map_mixed16=numpy.float32)
        with self.init_scope():
            if use_gamma:
                self.gamma = Parameter(initializer_of(initial_gamma, 1, self._dtype))
            if use_beta:
                self.beta = Parameter(initializer_of(initial_beta, 0, self._dtype))
        # persistent from the start (None until initialized), so a deserializer fills them
        self.avg_mean = self.avg_var = None
        self.register_persistent('avg_mean')
        self.register_persistent('avg_var')
        if size is not None:
            if not isinstance(size, (numbers.Integral, tuple, list)):
                raise TypeError('{}: size must be an int or a tuple of ints, not {}'.format(
                    type(self).__name__, type(size).__name__))
            self._initialize_params(size)

    def _initialize_params(self, shape):
        self.avg_mean = _init_array(self._initial_avg_mean, 0, shape, self._dtype)
        self.avg_var = _init_array(self._initial_avg_var, 1, shape, self._dtype)
        if self.gamma is not None:
            self.gamma.initialize(shape)
        if self.beta is not None:
            self.beta.initialize(shape)
        if self.xp is not numpy:
            self.to_device(self.device)

    def _scale_and_shift(self, x):
        xp = self.xp
        gamma = self.gamma if self.gamma is not None else xp.ones(
            self.avg_mean.shape, dtype=x.dtype)
        beta = self.beta if self.beta is not None else xp.zeros(
            self.avg_mean.shape, dtype=x.dtype)
        return gamma, beta

    def _decay(self, finetune):
        if finetune:
            self.N += 1
            return 1.0 - 1.0 / self.N
        return self.decay

    def forward(self, x: types.VariableOrArray, **kwargs: typing.Any) -> Variable:
        """forward(self, x, finetune=False)

        Normalize ``x``; ``finetune=True`` (while training) accumulates exact
        population statistics instead of moving averages.

        Args:
            x: input of shape ``(N, C, ...)`` for the default ``axis`` with
                ``size=C`` (the axes after ``size``'s are averaged over too); in
                general the axes not in ``axis`` have the shape ``size``.
            kwargs: ``finetune`` (bool, default False): while training, accumulate
                the exact population statistics instead of moving averages.

        Returns:
            ~kusari.Variable: the normalized input, of the same shape as ``x``.
        """
        finetune = parse_finetune(type(self).__name__, kwargs)
        if self.avg_mean is None:  # then size was not given, so axis was
            self._initialize_params(tuple(
                d for i, d in enumerate(x.shape)
                if i not in self.axis))  # type: ignore[operator]
        gamma, beta = self._scale_and_shift(x)
        if config.train:
            decay = self._decay(finetune)
            mean, var = statistics_to_update(self, finetune, self.avg_mean, self.avg_var)
            return F.batch_normalization(x, gamma, beta, eps=self.eps, running_mean=mean,
                                         running_var=var, decay=decay, axis=self.axis)
        return F.fixed_batch_normalization(x, gamma, beta, self.avg_mean, self.avg_var,
                                           self.eps, axis=self.axis)

    def start_finetuning(self) -> None:
        """Restart the population statistics count of fine-tuning mode."""
        self.N = 0
