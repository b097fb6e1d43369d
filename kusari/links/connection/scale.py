"""Broadcast multiplication by a learnable weight (and optional bias)."""

from kusari import functions as F
from kusari.core import Parameter
from kusari.link import Chain
from kusari.links.connection.bias import Bias, check_inputs


class Scale(Chain):
    """Multiplies the input by ``W``, broadcast from ``axis`` on, then adds a bias
    (the child ``bias``) when ``bias_term`` (see :func:`functions.scale`).

    Args:
        axis (int): the first axis of the input the weight applies to.
        W_shape (tuple of ints or None): shape of the learnable ``W`` (ones). If None
            there is no weight and ``forward(x, y)`` multiplies by the given ``y``.
        bias_term (bool): also learn a bias.
        bias_shape (tuple of ints): the bias shape when ``W_shape`` is None.
    """

    def __init__(self, axis=1, W_shape=None, bias_term=False, bias_shape=None):
        super().__init__()
        with self.init_scope():
            if W_shape is not None:
                self.W = Parameter(1, W_shape)
                if bias_term:
                    self.bias = Bias(axis, W_shape)
            elif bias_term:
                if bias_shape is None:
                    raise ValueError('Scale: bias_shape is needed when bias_term is True '
                                     'and W_shape is None')
                self.bias = Bias(axis, bias_shape)
        self.axis = axis

    def forward(self, *xs):
        if hasattr(self, 'W'):
            x, = check_inputs('Scale', xs, 1, 'the link has W')
            z = F.scale(x, self.W, self.axis)
        else:
            x, y = check_inputs('Scale', xs, 2, 'the link has no W')
            z = F.scale(x, y, self.axis)
        return self.bias(z) if hasattr(self, 'bias') else z
