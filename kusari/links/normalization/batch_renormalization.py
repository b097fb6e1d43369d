"""Batch renormalization layer (Ioffe, 2017)."""

from kusari import configuration
from kusari import functions as F
from kusari.links.normalization.batch_normalization import (BatchNormalization,
                                                            parse_finetune,
                                                            statistics_to_update)


class BatchRenormalization(BatchNormalization):
    """Batch normalization whose training output is corrected towards the moving
    statistics by ``r`` (clipped to ``[1/rmax, rmax]``) and ``d`` (clipped to
    ``[-dmax, dmax]``), so training and inference outputs agree.

    Args:
        size (int or tuple of ints): the shape of the normalized axes.
        rmax (float): the largest allowed correction of the standard deviation.
        dmax (float): the largest allowed correction of the mean.

    The other arguments (``decay``, ``eps``, ``dtype``, ``use_gamma``, ``use_beta``,
    ``initial_gamma``, ``initial_beta``, ``initial_avg_mean``, ``initial_avg_var``)
    are those of :class:`BatchNormalization`.
    """

    def __init__(self, size, rmax=1, dmax=0, decay=0.9, eps=2e-5, dtype=None, use_gamma=True,
                 use_beta=True, initial_gamma=None, initial_beta=None, initial_avg_mean=None,
                 initial_avg_var=None):
        super().__init__(size, decay, eps, dtype, use_gamma, use_beta, initial_gamma,
                         initial_beta, initial_avg_mean=initial_avg_mean,
                         initial_avg_var=initial_avg_var)
        self.rmax = rmax
        self.dmax = dmax

    def forward(self, x, **kwargs):
        """forward(self, x, finetune=False)"""
        finetune = parse_finetune('BatchRenormalization', kwargs)
        gamma, beta = self._scale_and_shift(x)
        if configuration.config.train:
            decay = self._decay(finetune)
            mean, var = statistics_to_update(self, finetune, self.avg_mean, self.avg_var)
            update = mean is not None
            if not update:  # F.forget's rerun: r and d from the statistics the first run saw
                mean, var = self._prev_avg_mean, self._prev_avg_var
            elif configuration.config._will_recompute:
                self._prev_avg_mean, self._prev_avg_var = mean.copy(), var.copy()
            return F.batch_renormalization(x, gamma, beta, self.rmax, self.dmax, self.eps,
                                           mean, var, decay, update_statistics=update)
        return F.fixed_batch_normalization(x, gamma, beta, self.avg_mean, self.avg_var,
                                           self.eps)
