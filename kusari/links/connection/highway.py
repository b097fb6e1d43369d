"""Highway network layer (Srivastava et al., 2015)."""

from kusari import functions as F
from kusari.link import Chain
from kusari.links.connection.linear import Linear


class Highway(Chain):
    """``y = activate(plain(x)) * T + x * (1 - T)`` with the gate
    ``T = sigmoid(transform(x))``; ``plain`` and ``transform`` are square Linears.

    Args:
        in_out_size (int): input and output size.
        nobias (bool): no biases when True.
        activate (callable): the activation of the plain path (default: relu).
        init_Wh, init_bh: initializers of the plain path.
        init_Wt, init_bt: initializers of the gate (``init_bt`` -1 by default, so the
            layer starts close to passing its input through).
    """

    def __init__(self, in_out_size, nobias=False, activate=F.relu, init_Wh=None, init_Wt=None,
                 init_bh=None, init_bt=-1):
        super().__init__()
        self.activate = activate
        with self.init_scope():
            self.plain = Linear(in_out_size, in_out_size, nobias=nobias, initialW=init_Wh,
                                initial_bias=init_bh)
            self.transform = Linear(in_out_size, in_out_size, nobias=nobias,
                                    initialW=init_Wt, initial_bias=init_bt)

    def forward(self, x):
        out_plain = self.activate(self.plain(x))
        gate = F.sigmoid(self.transform(x))
        return out_plain * gate + x * (1 - gate)
