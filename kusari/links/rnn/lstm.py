"""LSTM layers: StatelessLSTM (state passed in and out) and LSTM (state kept)."""

from __future__ import annotations

import typing

from kusari import functions as F
from kusari import initializers
from kusari.core import Variable
from kusari.link import Chain
from kusari.links.connection.linear import Linear

if typing.TYPE_CHECKING:
    from kusari import types


class _LSTMBase(Chain):
    """The weights of an LSTM: ``upward`` (in -> 4 out, with bias) and ``lateral``
    (out -> 4 out, no bias), gates interleaved per unit as :func:`functions.lstm`
    expects (a, i, f, o)."""

    def __init__(self, in_size: int | None, out_size: int | None = None,
                 lateral_init: types.InitializerSpec | None = None,
                 upward_init: types.InitializerSpec | None = None,
                 bias_init: types.InitializerSpec | None = None,
                 forget_bias_init: types.InitializerSpec | None = None) -> None:
        super().__init__()
        if out_size is None:
            in_size, out_size = None, in_size
        # an int once the short form is unpacked (mypy cannot follow the swap)
        self.state_size: int = out_size  # type: ignore[assignment]
        self.lateral_init = lateral_init
        self.upward_init = upward_init
        self.bias_init = 0 if bias_init is None else bias_init
        self.forget_bias_init = 1 if forget_bias_init is None else forget_bias_init
        with self.init_scope():
            self.upward = Linear(in_size, 4 * self.state_size, initialW=0)
            self.lateral = Linear(out_size, 4 * self.state_size, initialW=0, nobias=True)
        if in_size is not None:
            self._initialize_params()

    def _initialize_params(self):
        # Each gate's block of rows is initialized on its own, so that fan-based
        # initializers see one gate's fan-out.
        lateral_init = initializers._get_initializer(self.lateral_init)
        upward_init = initializers._get_initializer(self.upward_init)
        size = self.state_size
        for gate in range(4):
            lateral_init(self.lateral.W.array[gate * size:(gate + 1) * size])
            upward_init(self.upward.W.array[gate * size:(gate + 1) * size])
        gates = self.upward.b.array.reshape(size, 4)
        bias_init = initializers._get_initializer(self.bias_init)
        forget_init = initializers._get_initializer(self.forget_bias_init)
        for gate, init in zip(range(4), (bias_init, bias_init, forget_init, bias_init)):
            column = gates[:, gate].copy()
            init(column)
            gates[:, gate] = column

    def _ensure_initialized(self, x):
        if self.upward.W.array is None:
            self.upward._initialize_params_from(x)
            self._initialize_params()


class StatelessLSTM(_LSTMBase):
    """An LSTM step with the state passed explicitly: ``c, h = link(c, h, x)``.

    Args:
        in_size (int or None): input size (None: inferred).
            ``StatelessLSTM(out_size)`` is also accepted.
        out_size (int or None): size of the state (None only in the short form).
        lateral_init: initializer of the weight on the state (default None:
            LeCunNormal).
        upward_init: initializer of the weight on the input (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default None: 0).
        forget_bias_init: initializer of the forget gate's bias (default None: 1).
    """

    def forward(self, c: types.VariableOrArray | None, h: types.VariableOrArray | None,
                x: types.VariableOrArray) -> tuple[Variable, Variable]:
        """One step from the state ``(c, h)``.

        Args:
            c: the previous cell state, of shape ``(N, out_size)`` (None: zeros).
            h: the previous output, of shape ``(N, out_size)`` (None: zeros).
            x: the input, of shape ``(N, in_size)``.

        Returns:
            tuple: the new ``(c, h)``, both Variables of shape ``(N, out_size)``.
        """
        self._ensure_initialized(x)
        lstm_in = self.upward(x)
        if h is not None:
            lstm_in += self.lateral(h)
        if c is None:
            c = self.xp.zeros((x.shape[0], self.state_size), dtype=lstm_in.dtype)
        return F.lstm(c, lstm_in)


class LSTM(_LSTMBase):
    """A fully connected LSTM layer that keeps its cell state ``c`` and output ``h``.

    A batch smaller than the stored state updates only the state's first rows (as for
    sequences sorted by decreasing length); the other rows are kept.

    Args:
        in_size (int or None): input size (None: inferred).
            ``LSTM(out_size)`` is also accepted.
        out_size (int or None): size of the state (None only in the short form).
        lateral_init: initializer of the weight on the state (default None:
            LeCunNormal).
        upward_init: initializer of the weight on the input (default None:
            LeCunNormal).
        bias_init: initializer of the biases (default None: 0).
        forget_bias_init: initializer of the forget gate's bias (default None: 1).

    Attributes:
        c (Variable): the cell state (None before the first step).
        h (Variable): the output (None before the first step).
    """

    c: Variable | None
    h: Variable | None

    def __init__(self, in_size: int | None, out_size: int | None = None,
                 lateral_init: types.InitializerSpec | None = None,
                 upward_init: types.InitializerSpec | None = None,
                 bias_init: types.InitializerSpec | None = None,
                 forget_bias_init: types.InitializerSpec | None = None) -> None:
        super().__init__(in_size, out_size, lateral_init, upward_init, bias_init,
                         forget_bias_init)
        self.reset_state()

    def set_state(self, c: types.VariableOrArray, h: types.VariableOrArray) -> None:
        """Set the cell state and output (Variables or arrays)."""
        self.c = c if isinstance(c, Variable) else Variable(c)
        self.h = h if isinstance(h, Variable) else Variable(h)

    def reset_state(self) -> None:
        """Forget the state."""
        self.c = self.h = None

    def forward(self, x: types.VariableOrArray) -> Variable:
        """One step from the kept state (zeros before the first step).

        Args:
            x: the input, of shape ``(N, in_size)``; ``N`` may be smaller than the
                state's batch size (then only the state's first ``N`` rows change).

        Returns:
            ~kusari.Variable: the output ``h`` of the ``N`` rows, of shape
            ``(N, out_size)``.
        """
        self._ensure_initialized(x)
        batch = x.shape[0]
        lstm_in = self.upward(x)
        h_rest = None
        if self.h is not None:
            h_size = self.h.shape[0]
            if h_size < batch:
                raise TypeError('LSTM: the batch size of x ({}) must not exceed that of the '
                                'previous state h ({})'.format(batch, h_size))
            if batch == 0:
                h_rest = self.h
            elif h_size > batch:
                h_update, h_rest = F.split_axis(self.h, [batch], axis=0)
                lstm_in += self.lateral(h_update)
            else:
                lstm_in += self.lateral(self.h)
        if self.c is None:
            self.c = Variable(self.xp.zeros((batch, self.state_size), dtype=lstm_in.dtype))
        self.c, y = F.lstm(self.c, lstm_in)
        if h_rest is None:
            self.h = y
        elif len(y.array) == 0:
            self.h = h_rest
        else:
            self.h = F.concat([y, h_rest], axis=0)
        return y
