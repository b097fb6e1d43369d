"""Gated recurrent units (Cho et al., 2014)."""

from kusari import functions as F
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear


class GRUBase(Chain):
    """The weights of a GRU: ``W_r, U_r`` (reset gate), ``W_z, U_z`` (update gate) and
    ``W, U`` (candidate), each a Linear from the input (``W*``) or the state (``U*``)."""

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=None):
        super().__init__()
        with self.init_scope():
            self.W_r = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_r = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W_z = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U_z = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)
            self.W = Linear(in_size, out_size, initialW=init, initial_bias=bias_init)
            self.U = Linear(out_size, out_size, initialW=inner_init, initial_bias=bias_init)


class StatelessGRU(GRUBase):
    """A GRU step with the state passed explicitly: ``h_new = link(h, x)``.

    ``r = sigmoid(W_r x + U_r h); z = sigmoid(W_z x + U_z h);
    h_bar = tanh(W x + U (r * h)); h_new = z * h_bar + (1 - z) * h``.

    Args:
        in_size (int): input size.
        out_size (int): state size.
        init, inner_init: initializers of the input and state weights.
        bias_init: initializer of the biases.
    """

    def forward(self, h, x):
        r = F.sigmoid(self.W_r(x) + self.U_r(h))
        z = F.sigmoid(self.W_z(x) + self.U_z(h))
        h_bar = F.tanh(self.W(x) + self.U(r * h))
        return F.linear_interpolate(z, h_bar, h)


class StatefulGRU(GRUBase):
    """A GRU that keeps its state ``h`` (zero before the first step).

    Args:
        in_size (int): input size.
        out_size (int): state size.
        init, inner_init: initializers of the input and state weights.
        bias_init: initializer of the biases (default 0).
    """

    def __init__(self, in_size, out_size, init=None, inner_init=None, bias_init=0):
        super().__init__(in_size, out_size, init, inner_init, bias_init)
        self.state_size = out_size
        self.reset_state()

    def set_state(self, h):
        """Set the state (a Variable or array)."""
        self.h = h if isinstance(h, Variable) else Variable(h)

    def reset_state(self):
        """Forget the state."""
        self.h = None

    def forward(self, x):
        z = self.W_z(x)
        h_bar = self.W(x)
        if self.h is not None:
            r = F.sigmoid(self.W_r(x) + self.U_r(self.h))
            z += self.U_z(self.h)
            h_bar += self.U(r * self.h)
        z = F.sigmoid(z)
        h_bar = F.tanh(h_bar)
        if self.h is None:
            self.h = z * h_bar
        else:
            self.h = F.linear_interpolate(z, h_bar, self.h)
        return self.h


class GRU(StatefulGRU):
    """Stateful GRU (the same as StatefulGRU).

    Chainer v1's GRU was stateless; call it with one argument, or use StatelessGRU.
    """

    def forward(self, *args):
        """forward(self, x)"""
        if len(args) != 1:
            hint = (' GRU is stateful (since Chainer v2): use StatelessGRU for GRU(h, x).'
                    if len(args) == 2 else '')
            raise ValueError('GRU takes one input x, got {} arguments.{}'.format(
                len(args), hint))
        return super().forward(args[0])
