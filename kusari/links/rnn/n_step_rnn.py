"""Stacked (and bidirectional) recurrent layers over variable-length sequences: the
NStep RNN links and their base (the GRU and LSTM ones are in n_step_gru, n_step_lstm)."""

from __future__ import annotations

import typing

import numpy

from kusari import functions as F
from kusari import initializers
from kusari.core import Variable
from kusari.variable import Parameter
from kusari.link import ChainList, Link
from kusari.utils import argument

if typing.TYPE_CHECKING:
    from kusari import types


def argsort_list_descent(lst: typing.Sequence[typing.Sized]) -> numpy.ndarray:
    """Indices ordering the sequences of ``lst`` by decreasing length (NumPy's argsort,
    so that ties fall as in Chainer).

    Args:
        lst (list of arrays or sequences): the sequences.

    Returns:
        numpy.ndarray: int32 indices, of the longest sequence first.
    """
    return numpy.argsort([-len(x) for x in lst]).astype(numpy.int32)


def permutate_list(lst: typing.Sequence[typing.Any], indices: typing.Iterable[int],
                   inv: bool) -> list[typing.Any]:
    """``lst`` reordered by ``indices`` (``lst[indices[i]]`` at ``i``), or, with
    ``inv``, put back (``lst[i]`` at ``indices[i]``).

    Args:
        lst (list): the items.
        indices (sequence or array of ints): a permutation of ``range(len(lst))``, such
            as :func:`argsort_list_descent` gives.
        inv (bool): put the items back instead (undo the reordering).

    Returns:
        list: the items in the new order.
    """
    ordered: list[typing.Any] = [None] * len(lst)
    for i, index in enumerate(indices):
        if inv:
            ordered[index] = lst[i]
        else:
            ordered[i] = lst[index]
    return ordered


def _reject_kwargs(name, kwargs):
    argument.parse_kwargs_of(name, dict(kwargs), **{
        key: '{}: the {} argument is not supported; {}'.format(name, key, message)
        for key, message in (('use_cudnn', "use kusari.using_config('use_cudnn', ...)"),
                             ('use_bi_direction', 'use the NStepBi* links'),
                             ('activation', 'use the NStepRNNTanh/NStepRNNReLU links'))})


def _link_doc(summary):
    """The docstring of an NStep link: ``summary`` and the arguments they all take."""
    return summary + """

    Args:
        n_layers (int): number of stacked layers.
        in_size (int): size of each input vector.
        out_size (int): size of the hidden state.
        dropout (float): dropout ratio between layers.
        initialW: initializer of the weights (keyword only; default None:
            LeCunNormal).
        initial_bias: initializer of the biases (keyword only; default None: zeros).
    """


class NStepRNNBase(ChainList):
    __doc__ = _link_doc("""The weights of ``n_layers`` stacked recurrent layers (each
    direction of each layer one child link with parameters ``w0 .. w{n-1}``,
    ``b0 .. b{n-1}``; the first half of the weights multiply the layer's input, the rest
    its state).

    Subclasses set ``n_weights``, ``use_bi_direction`` and ``rnn`` (the function).""")

    n_weights: typing.ClassVar[int]  # set by the subclasses
    use_bi_direction = False
    n_cells = 1  # states per layer and direction: h (an LSTM also has c)

    def __init__(self, n_layers: int, in_size: int, out_size: int, dropout: float, *,
                 initialW: types.InitializerSpec | None = None,
                 initial_bias: types.InitializerSpec | None = None,
                 **kwargs: typing.Any) -> None:
        _reject_kwargs(type(self).__name__, kwargs)
        direction = 2 if self.use_bi_direction else 1
        w_init = initializers._get_initializer(initialW)
        b_init = initializers._get_initializer(initial_bias, default=0)
        layers = []
        for layer in range(n_layers):
            for _ in range(direction):
                weights = Link()
                with weights.init_scope():
                    for j in range(self.n_weights):
                        if j >= self.n_weights // 2:
                            w_in = out_size
                        elif layer == 0:
                            w_in = in_size
                        else:
                            w_in = out_size * direction
                        setattr(weights, 'w{}'.format(j), Parameter(w_init, (out_size, w_in)))
                        setattr(weights, 'b{}'.format(j), Parameter(b_init, out_size))
                layers.append(weights)
        super().__init__(*layers)
        self.n_layers = n_layers
        self.dropout = dropout
        self.out_size = out_size
        self.direction = direction

    @property
    def ws(self) -> list[list[Parameter]]:
        """The weights ``w0 .. w{n-1}`` of each layer and direction."""
        return [[getattr(w, 'w{}'.format(j)) for j in range(self.n_weights)] for w in self]

    @property
    def bs(self) -> list[list[Parameter]]:
        """The biases ``b0 .. b{n-1}`` of each layer and direction."""
        return [[getattr(w, 'b{}'.format(j)) for j in range(self.n_weights)] for w in self]

    def init_hx(self, xs: typing.Sequence[types.VariableOrArray]) -> Variable:
        """A zero initial state for the batch of sequences ``xs``.

        Args:
            xs (list of arrays): the sequences.

        Returns:
            ~kusari.Variable: zeros of shape ``(n_layers * directions, len(xs),
            out_size)`` and the dtype of the sequences.
        """
        shape = (self.n_layers * self.direction, len(xs), self.out_size)
        return Variable(self.xp.zeros(shape, dtype=xs[0].dtype))

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        """The recurrent function (``F.n_step_rnn``, ...) applied to ``args``."""
        raise NotImplementedError

    def _call(self, hs, xs, **kwargs):
        argument.parse_kwargs_of(
            type(self).__name__ + '.forward', kwargs,
            train="{}: the train argument is not supported; use "
                  "kusari.using_config('train', ...)".format(type(self).__name__))
        if not isinstance(xs, (list, tuple)):
            raise TypeError('{}: xs must be a list of sequences, not {}'.format(
                type(self).__name__, type(xs).__name__))
        # The functions want time-major batches of non-increasing size: sort the
        # sequences by length, and undo the order on the way out.
        # Sequences already in that order (all of one length, the usual batch) are not
        # permuted: no copies, and no permutations in the recorded (or exported) graph.
        order = argsort_list_descent(xs)
        if (order == numpy.arange(len(order))).all():
            hxs = [self.init_hx(xs) if hx is None else hx for hx in hs]
            outputs = self.rnn(self.n_layers, self.dropout, *hxs, self.ws, self.bs,
                               F.transpose_sequence(xs))
            return list(outputs[:-1]) + [list(F.transpose_sequence(outputs[-1]))]
        xs = permutate_list(xs, order, inv=False)
        index = self.xp.asarray(order)
        hxs = [self.init_hx(xs) if hx is None else F.permutate(hx, index, axis=1)
               for hx in hs]
        outputs = self.rnn(self.n_layers, self.dropout, *hxs, self.ws, self.bs,
                           F.transpose_sequence(xs))
        states = [F.permutate(h, index, axis=1, inv=True) for h in outputs[:-1]]
        ys = F.transpose_sequence(outputs[-1])
        return states + [permutate_list(ys, order, inv=True)]

    def forward(self, hx: types.VariableOrArray | None,
                xs: typing.Sequence[types.VariableOrArray],
                **kwargs: typing.Any) -> tuple[Variable, list[Variable]]:
        """forward(self, hx, xs)

        Args:
            hx: the initial states (n_layers * directions, batch, out_size), or None.
            xs (list of arrays): the sequences, each (length, in_size).

        Returns:
            tuple: the final states ``hy`` and the list of output sequences ``ys``.
        """
        hy, ys = self._call([hx], xs, **kwargs)
        return hy, ys


class NStepRNNTanh(NStepRNNBase):
    __doc__ = _link_doc('Stacked Elman RNN with tanh: '
                        '``h_t = tanh(w0 x_t + b0 + w1 h_{t-1} + b1)``.')

    n_weights = 2

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        n_layers, dropout_ratio, hx, ws, bs, xs = args
        return F.n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh')


class NStepRNNReLU(NStepRNNBase):
    __doc__ = _link_doc('Stacked Elman RNN with ReLU.')

    n_weights = 2

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        n_layers, dropout_ratio, hx, ws, bs, xs = args
        return F.n_step_rnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='relu')


class NStepBiRNNTanh(NStepRNNBase):
    __doc__ = _link_doc('Stacked bidirectional Elman RNN with tanh.')

    n_weights = 2
    use_bi_direction = True

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        n_layers, dropout_ratio, hx, ws, bs, xs = args
        return F.n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='tanh')


class NStepBiRNNReLU(NStepRNNBase):
    __doc__ = _link_doc('Stacked bidirectional Elman RNN with ReLU.')

    n_weights = 2
    use_bi_direction = True

    def rnn(self, *args: typing.Any) -> tuple[typing.Any, ...]:
        n_layers, dropout_ratio, hx, ws, bs, xs = args
        return F.n_step_birnn(n_layers, dropout_ratio, hx, ws, bs, xs, activation='relu')
