"""Weight Standardization (Qiao et al., 2019, https://arxiv.org/abs/1903.10520)."""

from kusari import backend
from kusari.functions.normalization.group_normalization import group_normalization
from kusari.link_hooks._weight_hook import WeightHook


class WeightStandardization(WeightHook):
    """Standardizes a link's weight per output unit (zero mean, unit variance over the
    remaining axes) before each forward. Add it with ``link.add_hook(hook)``.

    Args:
        eps (float): added to the variance.
        weight_name (str): the weight attribute of the link.
        name (str): the hook's name (default ``'WeightStandardization'``).
    """

    name = 'WeightStandardization'

    def __init__(self, *, eps=1e-5, weight_name='W', name=None):
        super().__init__(weight_name, name)
        self.eps = eps

    def reparameterize(self, link, weight):
        with backend.using_device(link.device):
            gamma = link.xp.ones((weight.shape[1],), dtype=weight.dtype)
            beta = link.xp.zeros((weight.shape[1],), dtype=weight.dtype)
        # One group over all but the first axis: statistics per output unit.
        return group_normalization(weight, 1, gamma, beta, eps=self.eps)
