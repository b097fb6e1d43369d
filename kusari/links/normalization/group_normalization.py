"""Group normalization (Wu & He, 2018)."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link


class GroupNormalization(Link):
    """Normalizes each sample over groups of channels, then scales by ``gamma`` and
    shifts by ``beta`` (both of shape (channels,)).

    Args:
        groups (int): number of channel groups.
        size (int or None): number of channels (None: inferred from the first input).
        eps (float): added to the variance.
        initial_gamma, initial_beta: initializers (default 1 and 0).
    """

    def __init__(self, groups, size=None, eps=1e-5, initial_gamma=None, initial_beta=None):
        super().__init__()
        self.groups = groups
        self.eps = eps
        with self.init_scope():
            self.gamma = Parameter(initializers._get_initializer(
                1 if initial_gamma is None else initial_gamma))
            self.beta = Parameter(initializers._get_initializer(
                0 if initial_beta is None else initial_beta))
        if size is not None:
            self._initialize_params(size)

    def _initialize_params(self, size):
        self.gamma.initialize(size)
        self.beta.initialize(size)

    def forward(self, x):
        if self.gamma.array is None:
            if x.ndim < 2:
                raise ValueError('GroupNormalization: the input must have a channel axis, '
                                 'got shape {}'.format(x.shape))
            self._initialize_params(x.shape[1])
        return F.group_normalization(x, self.groups, self.gamma, self.beta, self.eps)
