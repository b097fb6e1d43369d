"""Highway network layer (Srivastava et al., 2015)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable


class Highway(Chain):
    """``y = activate(plain(x)) * T + x * (1 - T)`` with the gate
    ``T = sigmoid(transform(x))``; ``plain`` and ``transform`` are square Linears.

    Args:
        in_out_size (int): input and output size.
        nobias (bool): no biases when True (default False).
        activate (callable): the activation of the plain path (default: relu).
        init_Wh: initializer of the plain path's weight (default None: LeCunNormal).
        init_Wt: initializer of the gate's weight (default None: LeCunNormal).
        init_bh: initializer of the plain path's bias (default None: zeros).
        init_bt: initializer of the gate's bias (default -1, so the layer starts close
            to passing its input through).
    """

    def __init__(self, in_out_size: int, nobias: bool = False,
                 activate: typing.Callable[..., typing.Any] = F.relu,
                 init_Wh: types.InitializerSpec | None = None,
                 init_Wt: types.InitializerSpec | None = None,
                 init_bh: types.InitializerSpec | None = None,
                 init_bt: types.InitializerSpec | None = -1) -> None:
        super().__init__()
        self.activate = activate
        with self.init_scope():
            self.plain = Linear(in_out_size, in_out_size, nobias=nobias, initialW=init_Wh,
                                initial_bias=init_bh)
            self.transform = Linear(in_out_size, in_out_size, nobias=nobias,
                                    initialW=init_Wt, initial_bias=init_bt)

    def forward(self, x: types.VariableOrArray) -> Variable:
        """Apply the layer.

        Args:
            x: input of shape ``(N, in_out_size)``.

        Returns:
            ~kusari.Variable: output of shape ``(N, in_out_size)``.
        """
        out_plain = self.activate(self.plain(x))
        gate = F.sigmoid(self.transform(x))
        return out_plain * gate + x * (1 - gate)
