"""Connectionist temporal classification (CTC) loss."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail, values_checkable
from kusari.functions.activation.log_softmax import _log_softmax
from kusari.functions.array.broadcast import broadcast_to
from kusari.functions.array.reshape import reshape
from kusari.functions.loss._validate import check_int, check_labels, check_reduce

_NAME = 'connectionist_temporal_classification'


def _shift(a, n, fill):
    """``a`` moved ``n`` places to the right along its last axis, filled with ``fill``."""
    out = a.copy() if n == 0 else get_array_module(a).full_like(a, fill)
    if n:
        out[..., n:] = a[..., :-n]
    return out


def _shift_left(a, n, fill):
    out = get_array_module(a).full_like(a, fill)
    out[..., :-n] = a[..., n:]
    return out


class ConnectionistTemporalClassification(core.FunctionNode):
    """CTC negative log-likelihood; inputs are (input_length, label_length, t, *x).

    Forward and backward run the alpha-beta recursions in log space over the extended
    label sequence (blank, t_1, blank, t_2, ..., blank), vectorised over the batch.
    """

    def __init__(self, blank_symbol, reduce):
        self.blank = blank_symbol
        self.reduce = reduce

    def forward(self, inputs):
        input_length, label_length, t = inputs[:3]
        xp = get_array_module(t)
        x = xp.stack(inputs[3:])                                  # (T, B, V)
        n_time, batch, _ = x.shape
        dtype = numpy.promote_types(x.dtype, numpy.float32)
        log_y = _log_softmax(x.astype(dtype, copy=False), 2)
        self.out_dtype = x.dtype

        n_ext = 2 * t.shape[1] + 1
        ext_len = 2 * label_length.astype(numpy.intp) + 1          # (B,)
        valid = xp.arange(n_ext)[None] < ext_len[:, None]          # (B, S)
        ext = xp.full((batch, n_ext), self.blank, dtype=numpy.intp)
        ext[:, 1::2] = t
        ext = xp.where(valid, ext, self.blank)
        ext_prev2 = _shift(ext, 2, self.blank)
        can_skip = (ext != self.blank) & (ext != ext_prev2)
        can_skip[:, :2] = False
        lp = log_y[:, xp.arange(batch)[:, None], ext]             # (T, B, S)

        alpha = xp.full((n_time, batch, n_ext), -numpy.inf, dtype=dtype)
        alpha[0, :, :2] = lp[0, :, :2]
        for step in range(1, n_time):
            prev = alpha[step - 1]
            skip = xp.where(can_skip, _shift(prev, 2, -numpy.inf), -numpy.inf)
            merged = xp.logaddexp(xp.logaddexp(prev, _shift(prev, 1, -numpy.inf)), skip)
            alpha[step] = merged + lp[step]

        rows = xp.arange(batch)
        last = input_length.astype(numpy.intp) - 1
        final = alpha[last, rows]                                  # (B, S)
        end = ext_len - 1
        tail = xp.where(end >= 1, final[rows, xp.maximum(end - 1, 0)], -numpy.inf)
        loglik = xp.logaddexp(final[rows, end], tail)
        self._saved = (log_y, lp, alpha, ext, can_skip, valid, end, loglik, last)
        loss = -loglik
        if self.reduce == 'mean':
            loss = loss.sum() / max(batch, 1)
        return xp.asarray(loss, dtype=self.out_dtype),

    def _grad_logits(self):
        """d(-log p_b) / d x_t for every t, as a (T, B, V) array."""
        log_y, lp, alpha, ext, can_skip, valid, end, loglik, last = self._saved
        xp = get_array_module(log_y)
        n_time, batch, _ = log_y.shape
        rows = xp.arange(batch)
        ends = valid & ((xp.arange(ext.shape[1])[None] == end[:, None])
                        | (xp.arange(ext.shape[1])[None] == end[:, None] - 1))
        start = xp.where(ends, 0.0, -numpy.inf).astype(alpha.dtype)
        skip_next = _shift_left(can_skip, 2, False)
        beta = xp.full_like(alpha, -numpy.inf)
        nxt = start
        for step in range(n_time - 1, -1, -1):
            if step < n_time - 1:
                emit = nxt + lp[step + 1]
                cur = xp.logaddexp(emit, _shift_left(emit, 1, -numpy.inf))
                cur = xp.logaddexp(cur, xp.where(skip_next, _shift_left(emit, 2, -numpy.inf),
                                                 -numpy.inf))
            else:
                cur = start
            nxt = xp.where((last == step)[:, None], start, cur)
            beta[step] = nxt
        possible = xp.isfinite(loglik)
        log_post = alpha + beta - xp.where(possible, loglik, 0)[None, :, None]
        post = xp.where(possible[None, :, None], xp.exp(log_post), 0)
        grad = xp.exp(log_y)
        for s in range(ext.shape[1]):
            grad[:, rows, ext[:, s]] -= post[:, :, s]
        grad *= (xp.arange(n_time)[:, None] <= last[None])[:, :, None]
        return grad.astype(self.out_dtype, copy=False)

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        grad = self._grad_logits()
        batch = grad.shape[1]
        if self.reduce == 'mean':
            scale = broadcast_to(gy * (1.0 / max(batch, 1)), grad.shape[1:])
        else:
            scale = broadcast_to(reshape(gy, (batch, 1)), grad.shape[1:])
        return tuple(None if i < 3 else scale * grad[i - 3] for i in indexes)


def connectionist_temporal_classification(x, t, blank_symbol, input_length=None,
                                          label_length=None, reduce='mean'):
    """CTC loss: ``-log p(t | x)`` summed over all alignments of ``t`` to ``x``.

    Args:
        x (list or tuple of Variables or arrays): T unnormalized float scores, each
            of shape ``(B, V)``; a softmax over V is applied inside.
        t (Variable or array): int labels of shape ``(B, L)``, without blanks.
        blank_symbol (int): the blank label, in [0, V).
        input_length (Variable or array): int array of shape ``(B,)``, the number of
            steps of each input (default: T for all).
        label_length (Variable or array): int array of shape ``(B,)``, the number of
            labels of each ``t`` row (default: L for all).
        reduce (str): 'mean' for the mean over the batch, 'no' for the ``(B,)``
            losses.

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'mean' or of shape
        ``(B,)`` for 'no'. Only ``x`` gets a gradient (first order only, as in
        Chainer).
    """
    check_reduce(_NAME, reduce, ('mean', 'no'))
    if not isinstance(x, (list, tuple)) or not x:
        fail(_NAME, 'x', 'a non-empty list or tuple of (B, V) arrays', type(x).__name__)
    if isinstance(blank_symbol, bool) or not isinstance(blank_symbol, (int, numpy.integer)):
        fail(_NAME, 'blank_symbol', 'an int', repr(blank_symbol))
    x0 = core.as_array(x[0])
    check_float(_NAME, 'x[0]', x0)
    if x0.ndim != 2:
        fail(_NAME, 'x[0]', 'an array of shape (B, V)', 'shape {}'.format(x0.shape))
    for i, xi in enumerate(x):
        if xi.shape != x0.shape or xi.dtype != x0.dtype:
            fail(_NAME, 'x[{}]'.format(i), 'shape {} and dtype {}'.format(x0.shape, x0.dtype),
                 'shape {} and dtype {}'.format(xi.shape, xi.dtype))
    batch, n_vocab = x0.shape
    if not 0 <= blank_symbol < n_vocab:
        fail(_NAME, 'blank_symbol', 'a label in [0, {})'.format(n_vocab), blank_symbol)
    t = core.as_array(t)
    check_int(_NAME, 't', t)
    if t.ndim != 2 or len(t) != batch:
        fail(_NAME, 't', 'shape ({}, L)'.format(batch), t.shape)
    xp = get_array_module(x0)
    input_length = _lengths(xp, input_length, batch, 1, len(x), 'input_length')
    label_length = _lengths(xp, label_length, batch, 0, t.shape[1], 'label_length')
    check_labels(_NAME, 't', t[xp.arange(t.shape[1])[None] < label_length[:, None]], n_vocab)
    node = ConnectionistTemporalClassification(int(blank_symbol), reduce)
    return node.apply((input_length, label_length, t) + tuple(x))[0]


def _lengths(xp, lengths, batch, least, full, name):
    """Validated per-example lengths in [least, full] (``full`` for all when None)."""
    if lengths is None:
        return xp.full((batch,), full, dtype=numpy.int32)
    lengths = core.as_array(lengths)
    check_int(_NAME, name, lengths)
    if lengths.shape != (batch,):
        fail(_NAME, name, 'shape ({},)'.format(batch), lengths.shape)
    if batch and values_checkable(lengths) and (
            int(lengths.min()) < least or int(lengths.max()) > full):
        fail(_NAME, name, 'lengths in [{}, {}]'.format(least, full),
             'values in [{}, {}]'.format(int(lengths.min()), int(lengths.max())))
    return lengths
