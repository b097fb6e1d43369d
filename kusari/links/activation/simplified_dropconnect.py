"""Fully connected layer with DropConnect (Wan et al., 2013), simplified."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.variable import Parameter
from kusari.link import Link

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class SimplifiedDropconnect(Link):
    """A Linear whose weight entries are dropped at random while training.

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): output size.
        ratio (float): probability of dropping each weight (default 0.5).
        nobias (bool): no bias when True (default False).
        initialW: initializer of ``W`` ``(out_size, in_size)`` (default None:
            LeCunNormal).
        initial_bias: initializer of ``b`` (default None: zeros).
    """

    def __init__(self, in_size: int | None, out_size: int, ratio: float = 0.5,
                 nobias: bool = False, initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None) -> None:
        super().__init__()
        self.out_size = out_size
        self.ratio = ratio
        with self.init_scope():
            self.W = Parameter(initializers._get_initializer(initialW))
            if in_size is not None:
                self.W.initialize((out_size, in_size))
            if nobias:
                self.b = None
            else:
                self.b = Parameter(initializers._get_initializer(initial_bias, default=0),
                                   out_size)

    def forward(self, x: types.VariableOrArray, train: bool = True,
                mask: types.NdArray = None, use_batchwise_mask: bool = True) -> Variable:
        """Apply the layer.

        Args:
            x: input of shape ``(N, in_size)``, or ``(N, ...)`` with ``in_size``
                elements per sample.
            train (bool): drop weights at random when True; otherwise scale them by
                ``1 - ratio``.
            mask: a fixed mask of kept weights instead of a random one, shaped
                ``(N, out_size, in_size)``, or ``(out_size, in_size)`` when
                ``use_batchwise_mask`` is False.
            use_batchwise_mask (bool): a different mask for each sample when True.

        Returns:
            ~kusari.Variable: output of shape ``(N, out_size)``.
        """
        if self.W.array is None:
            self.W.initialize((self.out_size, x.size // x.shape[0]))
        return F.simplified_dropconnect(x, self.W, self.b, self.ratio, train, mask,
                                        use_batchwise_mask)
