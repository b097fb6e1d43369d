"""Spectral Normalization (Miyato et al., 2018, https://arxiv.org/abs/1802.05957)."""

from kusari import backend
from kusari.variable import Parameter
from kusari import functions as F
from kusari.link_hooks._weight_hook import WeightHook
from kusari.utils import force_array
from kusari.configuration import config


def l2normalize(xp, v, eps):
    """``v / (||v||_2 + eps)``."""
    return v / (xp.linalg.norm(v) + eps)


def update_approximate_vectors(weight_matrix, u, n_power_iteration, eps):
    """``n_power_iteration`` steps of power iteration on the 2-D Variable
    ``weight_matrix`` from the left vector ``u``; returns the approximate first left
    and right singular vectors ``(u, v)`` (arrays)."""
    w = weight_matrix.array
    xp = backend.get_array_module(w)
    for _ in range(n_power_iteration):
        v = l2normalize(xp, xp.dot(u, w), eps)
        u = l2normalize(xp, xp.dot(w, v), eps)
    return u, v


def calculate_max_singular_value(weight_matrix, u, v):
    """``u^T W v``, the largest singular value of ``weight_matrix`` for the singular
    vectors ``u``, ``v`` (a 0-d Variable, differentiable in the weight)."""
    return F.matmul(F.matmul(u, weight_matrix), v)


class SpectralNormalization(WeightHook):
    """Divides a link's weight by its largest singular value before each forward.

    The singular value comes from power iteration on the weight seen as a matrix of
    output units by the rest; the left vector is kept in the link as the persistent
    ``<weight_name>_u`` and updated in training mode. Add the hook with
    ``link.add_hook(hook)``, before the optimizer's setup when ``use_gamma`` is True.

    Args:
        n_power_iteration (int): power-iteration steps per forward (> 0).
        eps (float): added to norms.
        use_gamma (bool): also multiply by a learned scale ``gamma`` (a Parameter of the
            link, starting at the weight's largest singular value).
        factor (float or None): the singular value is divided by it.
        weight_name (str): the weight attribute of the link.
        name (str): the hook's name (default ``'SpectralNormalization'``).

    Attributes:
        vector_name (str): the link attribute holding the left vector ``u``.
        axis (int): the weight's axis of output units (1 for deconvolutions).
    """

    name = 'SpectralNormalization'

    def __init__(self, n_power_iteration=1, eps=1e-6, use_gamma=False, factor=None,
                 weight_name='W', name=None):
        if n_power_iteration <= 0:
            raise AssertionError('SpectralNormalization: n_power_iteration must be '
                                 'positive, got {}'.format(n_power_iteration))
        super().__init__(weight_name, name)
        self.n_power_iteration = n_power_iteration
        self.eps = eps
        self.use_gamma = use_gamma
        self.factor = factor
        self.vector_name = weight_name + '_u'
        self.axis = 0
        self._initialized = False

    def added(self, link):
        super().added(link)
        from kusari.links.connection.deconvolution_2d import Deconvolution2D
        from kusari.links.connection.deconvolution_nd import DeconvolutionND
        if isinstance(link, (Deconvolution2D, DeconvolutionND)):
            self.axis = 1
        if getattr(link, self.weight_name).array is not None:
            self._prepare_parameters(link)

    def deleted(self, link):
        delattr(link, self.vector_name)
        if self.use_gamma:
            del link.gamma

    def _initialize_weight(self, link, args):
        if not self._initialized:
            super()._initialize_weight(link, args)
            self._prepare_parameters(link)

    def _prepare_parameters(self, link):
        """Register ``u`` (and ``gamma``) for the initialized weight."""
        weight = getattr(link, self.weight_name)
        if weight.shape[self.axis] == 0:
            raise ValueError('SpectralNormalization: {}.shape[{}] must be positive, got '
                             'shape {}'.format(self.weight_name, self.axis, weight.shape))
        u = link.xp.random.normal(size=(weight.shape[self.axis],)).astype(weight.dtype)
        setattr(link, self.vector_name, u)
        link.register_persistent(self.vector_name)
        if self.use_gamma:
            singular_values = link.xp.linalg.svd(self.reshape_W(weight.array),
                                                 compute_uv=False)
            with link.init_scope():
                link.gamma = Parameter(force_array(singular_values[0]))
        self._initialized = True

    def reparameterize(self, link, weight):
        return self.normalize_weight(link)

    def normalize_weight(self, link):
        """The link's weight divided by its largest singular value (times ``gamma``)."""
        weight = getattr(link, self.weight_name)
        u = getattr(link, self.vector_name)
        weight_matrix = self.reshape_W(weight)
        recomputing = config.in_recomputing
        if recomputing:  # the forward is replayed: reuse the vectors of the first run
            v = self.v
        else:
            with backend.using_device(link.device):
                u, v = update_approximate_vectors(weight_matrix, u, self.n_power_iteration,
                                                  self.eps)
        sigma = calculate_max_singular_value(weight_matrix, u, v)
        if self.factor is not None:
            sigma /= self.factor
        normalized = (link.gamma * weight if self.use_gamma else weight) / sigma
        if not recomputing:
            self.v = v
            if config.train:
                backend.copyto(getattr(link, self.vector_name), u)
        return normalized

    def reshape_W(self, W):
        """``W`` as a matrix: the output-unit axis first, the other axes flattened."""
        if self.axis != 0:
            W = W.transpose([self.axis] + [i for i in range(W.ndim) if i != self.axis])
        return W if W.ndim == 2 else W.reshape(W.shape[0], -1)
