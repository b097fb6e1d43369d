"""Broadcast multiplication by a learnable weight (and optional bias)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.variable import Parameter
from kusari.link import Chain
from kusari.links.connection.bias import Bias, check_inputs

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Scale(Chain):
    """Multiplies the input by ``W``, broadcast from ``axis`` on, then adds a bias
    (the child ``bias``) when ``bias_term`` (see :func:`functions.scale`).

    Args:
        axis (int): the first axis of the input the weight applies to (default 1).
        W_shape (tuple of ints or None): shape of the learnable ``W`` (ones). If None
            (the default) there is no weight and ``forward(x, y)`` multiplies by the
            given ``y``.
        bias_term (bool): also learn a bias (default False).
        bias_shape (tuple of ints or None): the bias shape when ``W_shape`` is None
            (needed then with ``bias_term``).
    """

    def __init__(self, axis: int = 1, W_shape: types.ShapeSpec | None = None,
                 bias_term: bool = False, bias_shape: types.ShapeSpec | None = None) -> None:
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

    def forward(self, *xs: types.VariableOrArray) -> Variable:
        """Scale: ``forward(x)`` with the link's ``W``, ``forward(x, y)`` without.

        Args:
            xs: the input ``x``, of shape ``(N, ...)``, and when the link has no ``W``
                the weight ``y``, whose shape is ``x.shape[axis:axis + y.ndim]``.

        Returns:
            ~kusari.Variable: the product (plus the bias), of the same shape as ``x``.
        """
        if hasattr(self, 'W'):
            x, = check_inputs('Scale', xs, 1, 'the link has W')
            z = F.scale(x, self.W, self.axis)
        else:
            x, y = check_inputs('Scale', xs, 2, 'the link has no W')
            z = F.scale(x, y, self.axis)
        return self.bias(z) if hasattr(self, 'bias') else z
