"""Fully connected layer with DropConnect (Wan et al., 2013), simplified."""

from kusari import functions as F
from kusari import initializers
from kusari.core import Parameter
from kusari.link import Link


class SimplifiedDropconnect(Link):
    """A Linear whose weight entries are dropped at random while training.

    Args:
        in_size (int or None): input size (None: inferred from the first input).
        out_size (int): output size.
        ratio (float): dropping probability.
        nobias (bool): no bias when True.
        initialW: initializer of ``W`` (out_size, in_size) (default: LeCunNormal).
        initial_bias: initializer of ``b`` (default: zeros).
    """

    def __init__(self, in_size, out_size, ratio=0.5, nobias=False, initialW=None,
                 initial_bias=None):
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

    def forward(self, x, train=True, mask=None, use_batchwise_mask=True):
        """Apply the layer; ``train=False`` scales instead of dropping, ``mask`` fixes
        the dropped entries."""
        if self.W.array is None:
            self.W.initialize((self.out_size, x.size // x.shape[0]))
        return F.simplified_dropconnect(x, self.W, self.b, self.ratio, train, mask,
                                        use_batchwise_mask)
