"""Batch renormalization layer (Ioffe, 2017)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.links.normalization.batch_normalization import (BatchNormalization,
                                                            parse_finetune,
                                                            statistics_to_update)
from kusari.configuration import config

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class BatchRenormalization(BatchNormalization):
    """Batch normalization whose training output is corrected towards the moving
    statistics by ``r`` (clipped to ``[1/rmax, rmax]``) and ``d`` (clipped to
    ``[-dmax, dmax]``), so training and inference outputs agree.

    Args:
        size (int or tuple of ints): the shape of the normalized axes (the channels).
        rmax (float): the largest allowed correction of the standard deviation
            (default 1).
        dmax (float): the largest allowed correction of the mean (default 0).
        decay (float): decay rate of the moving averages (default 0.9).
        eps (float): added to the variance (default 2e-5).
        dtype: dtype of the parameters and statistics (default None: ``config.dtype``;
            float32 under mixed16).
        use_gamma (bool): learn a scale ``gamma``, else 1 (default True).
        use_beta (bool): learn a shift ``beta``, else 0 (default True).
        initial_gamma: initializer of ``gamma`` (default None: 1).
        initial_beta: initializer of ``beta`` (default None: 0).
        initial_avg_mean: initializer of ``avg_mean`` (default None: 0).
        initial_avg_var: initializer of ``avg_var`` (default None: 1).
    """

    # The statistics a forward saw, for F.forget's rerun of it.
    _prev_avg_mean: types.NdArray
    _prev_avg_var: types.NdArray

    def __init__(self, size: types.ShapeSpec, rmax: float = 1, dmax: float = 0,
                 decay: float = 0.9, eps: float = 2e-5, dtype: types.DTypeSpec = None,
                 use_gamma: bool = True, use_beta: bool = True,
                 initial_gamma: types.InitializerSpec | None = None,
                 initial_beta: types.InitializerSpec | None = None,
                 initial_avg_mean: types.InitializerSpec | None = None,
                 initial_avg_var: types.InitializerSpec | None = None) -> None:
        super().__init__(size, decay, eps, dtype, use_gamma, use_beta, initial_gamma,
                         initial_beta, initial_avg_mean=initial_avg_mean,
                         initial_avg_var=initial_avg_var)
        self.rmax = rmax
        self.dmax = dmax

    def forward(self, x: types.VariableOrArray, **kwargs: typing.Any) -> Variable:
        """forward(self, x, finetune=False)

        Normalize ``x`` (with the renormalization corrections while training).

        Args:
            x: input of shape ``(N, C, ...)`` with ``size=C``.
            kwargs: ``finetune`` (bool, default False): while training, accumulate
                the exact population statistics instead of moving averages.

        Returns:
            ~kusari.Variable: the normalized input, of the same shape as ``x``.
        """
        finetune = parse_finetune('BatchRenormalization', kwargs)
        gamma, beta = self._scale_and_shift(x)
        if config.train:
            decay = self._decay(finetune)
            mean, var = statistics_to_update(self, finetune, self.avg_mean, self.avg_var)
            update = mean is not None
            if not update:  # F.forget's rerun: r and d from the statistics the first run saw
                mean, var = self._prev_avg_mean, self._prev_avg_var
            elif config._will_recompute:
                self._prev_avg_mean, self._prev_avg_var = mean.copy(), var.copy()
            return F.batch_renormalization(x, gamma, beta, self.rmax, self.dmax, self.eps,
                                           mean, var, decay, update_statistics=update)
        return F.fixed_batch_normalization(x, gamma, beta, self.avg_mean, self.avg_var,
                                           self.eps)
