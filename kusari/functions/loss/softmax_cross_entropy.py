"""Softmax cross entropy for classification."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.activation.log_softmax import _log_softmax, log_softmax
from kusari.functions.loss._reduce import mean_coefficient
from kusari.functions.loss._validate import check_labels, check_reduce
from kusari.functions.math.exponential import exp
from kusari.functions.math.sum import sum as sum_

_NAME = 'softmax_cross_entropy'
_KL_EPS = 1e-7  # keeps log(t) finite where a soft target is 0


def _accumulation_dtype(dtype):
    """Sums of float16 losses are accumulated in float32."""
    return numpy.float32 if dtype == numpy.float16 else dtype


def _with_class_axis(a):
    """``a`` of shape (N, d1, ...) reshaped to (N, 1, d1, ...) to broadcast along classes."""
    return a.reshape(a.shape[:1] + (1,) + a.shape[1:])


def _at_labels(xp, a, t):
    """The entries of ``a`` (N, C, d1, ...) at the labels ``t`` (N, d1, ...) on axis 1."""
    if a.ndim == 2:  # indexing: take_along_axis costs more Python for this common case
        return a[xp.arange(len(t)), t]
    return xp.take_along_axis(a, _with_class_axis(t.astype(numpy.intp, copy=False)), axis=1)[:, 0]


def _positions_in_range(rows, t, shape):
    """The positions of (rows, t) in an array of 2-d ``shape`` raveled, or None where a
    label is out of [0, shape[1])."""
    try:
        return numpy.ravel_multi_index((rows, t), shape)
    except ValueError:
        return None


class SoftmaxCrossEntropy(core.FunctionNode):
    """Cross entropy of softmax(x) along axis 1 against integer labels; inputs (x, t)."""

    _input_indexes_to_retain = (0, 1)  # fixed, so declared instead of retained per call

    def __init__(self, normalize, cache_score, class_weight, ignore_label, reduce):
        self.normalize = normalize
        self.cache_score = cache_score
        self.class_weight = class_weight
        self.ignore_label = ignore_label
        self.reduce = reduce
        self.y = None
        self.positions = None  # of the labels in x.ravel(), on the CPU's 2-d path

    def forward(self, inputs):
        x, t = inputs
        if x.dtype.kind != 'f':
            check_float(_NAME, 'x', x)
        if x.ndim < 2:
            fail(_NAME, 'x', 'an array of ndim >= 2 (N, C, ...)', 'shape {}'.format(x.shape))
        if t.dtype.kind not in 'iu':
            fail(_NAME, 't', 'an integer label array', 'dtype {}'.format(t.dtype))
        if t.shape != x.shape[:1] + x.shape[2:]:
            fail(_NAME, 'shape of t', 'x.shape without axis 1, {}'.format(
                x.shape[:1] + x.shape[2:]), t.shape)
        xp = get_array_module(x)
        log_y = _log_softmax(x, 1)
        if self.cache_score:
            self.y = xp.exp(log_y)
        self.valid = t != self.ignore_label
        if xp is numpy and x.ndim == 2 and x.size:
            losses = -log_y.take(self._label_positions(t, x.shape))
        else:
            check_labels(_NAME, 't', t, x.shape[1], self.ignore_label)
            # On the CPU a batch without ignored labels needs no masking (same values,
            # fewer array operations); a GPU would have to wait for the test, so it
            # always masks.
            self.masked = xp is not numpy or not self.valid.all()
            self.safe_t = xp.where(self.valid, t, 0) if self.masked else t
            losses = -_at_labels(xp, log_y, self.safe_t)
        if self.class_weight is not None:
            losses *= self.class_weight[self.safe_t]
        if self.masked:
            losses *= self.valid
        if self.reduce == 'no':
            return losses.astype(x.dtype, copy=False),
        if self.masked or not self.normalize:
            self.coeff = mean_coefficient(xp, self.valid, self.normalize, len(x), x.dtype)
        else:  # every label counts: no need to count them
            self.coeff = 1.0 / max(t.size, 1)
        total = losses.sum(dtype=_accumulation_dtype(x.dtype))
        return xp.asarray(total * self.coeff, dtype=x.dtype),

    def _label_positions(self, t, shape):
        """For ``x`` of 2-d ``shape`` (no empty axis) on the CPU: the positions in
        ``x.ravel()`` of the labels (of 0 in place of an ignored one), checked; sets
        ``masked`` and ``safe_t`` as forward does on other paths.

        ``ravel_multi_index`` checks that every label is in [0, C) as it computes the
        positions, and ``take`` picks them: for the labels of the MLP step (benchmarks,
        mlp_small_captured; 8 labels, 10 classes) 3.2 us with the test for ignored labels,
        where the range check (min, max), ``all`` on that test and the fancy indexing took
        5.3 (the best of timeit's runs)."""
        n_class = shape[1]
        rows = numpy.arange(shape[0])
        positions = _positions_in_range(rows, t, shape)
        # every label in [0, C): none is ignored unless ignore_label is a class
        self.masked = positions is None or (
            0 <= self.ignore_label < n_class and not self.valid.all())
        self.safe_t = t
        if self.masked:
            self.safe_t = numpy.where(self.valid, t, 0)
            positions = _positions_in_range(rows, self.safe_t, shape)
            if positions is None:  # a label out of range that is not ignore_label
                check_labels(_NAME, 't', t, n_class, self.ignore_label)
        self.positions = positions
        return positions

    def _label_weight(self, dtype):
        """Per-label weight: 0 where ignored, else the class weight (or 1); None where
        every weight is 1."""
        if self.class_weight is None and not self.masked:
            return None
        weight = self.valid.astype(dtype)
        if self.class_weight is not None:
            weight *= self.class_weight[self.safe_t]
        return weight

    def backward(self, indexes, grad_outputs):
        x, _ = self.get_retained_inputs()
        # forward's arithmetic, so that both forms give the same gradient
        y = exp(log_softmax(x, axis=1))
        return self._input_gradient(indexes, x.array, y, grad_outputs[0])

    def backward_arrays(self, indexes, grad_outputs):
        x = self.inputs[0].data  # (retained: get_retained_arrays' read without its call)
        # the softmax forward cached, if it did
        y = self.y if self.y is not None else get_array_module(x).exp(_log_softmax(x, 1))
        return self._input_gradient(indexes, x, y, grad_outputs[0])

    def _input_gradient(self, indexes, x, y, gy):
        """``(softmax(x) - onehot(t)) * weight * scale`` from the softmax ``y`` and ``gy``,
        written with operators: Variables for backward, arrays for backward_arrays."""
        xp = get_array_module(x)
        if self.positions is not None:  # forward found the labels' positions (safe_t's)
            # 1 put at them: (y - onehot) * scale on the MLP step's 8 x 10 scores (benchmarks,
            # mlp_small_captured) in 1.5 us, where comparing labels with classes takes 3.3
            # (the best of timeit's runs, NumPy arrays)
            onehot = xp.zeros(x.shape, x.dtype)
            onehot.put(self.positions, 1)
        else:
            classes = xp.arange(x.shape[1]).reshape((1, -1) + (1,) * (x.ndim - 2))
            onehot = (_with_class_axis(self.safe_t) == classes).astype(x.dtype)
        weight = self._label_weight(x.dtype)
        scale = gy * self.coeff if self.reduce == 'mean' else _with_class_axis(gy)
        gx = y - onehot if weight is None else (y - onehot) * _with_class_axis(weight)
        gx = gx * scale
        # the usual target (0,) without a generator: 0.1 us where it takes 0.25
        return (gx,) if indexes == (0,) else tuple(gx if i == 0 else None for i in indexes)


def _soft_target_loss(x, t, reduce, soft_target_loss):
    """Cross entropy (or KL divergence) of softmax(x) from a probability target ``t``."""
    if soft_target_loss not in ('cross-entropy', 'kl-divergence'):
        fail(_NAME, 'soft_target_loss', "'cross-entropy' or 'kl-divergence'",
             repr(soft_target_loss))
    x = core.as_variable(x)
    t = core.as_array(t)
    if t.shape != x.shape:
        fail(_NAME, 't', 'int32 class indices of shape {} (or float soft targets of x\'s '
             'shape {}); for class labels pass t.astype(numpy.int32)'.format(
                 x.shape[:1] + x.shape[2:], x.shape),
             '{} of shape {}'.format(t.dtype, t.shape))
    log_y = log_softmax(x, axis=1)
    if soft_target_loss == 'cross-entropy':
        terms = -log_y * t
    else:
        xp = get_array_module(t)
        terms = (xp.log(t + _KL_EPS) - log_y) * t
    losses = sum_(terms, axis=1)
    if reduce == 'no':
        return losses
    return sum_(losses) * (1.0 / max(losses.size, 1))


def _check_class_weight(class_weight, n_class):
    if isinstance(class_weight, core.Variable):
        fail(_NAME, 'class_weight', 'an array, not a Variable', 'a Variable')
    if class_weight.dtype.kind != 'f' or class_weight.shape != (n_class,):
        fail(_NAME, 'class_weight', 'a float array of shape ({},)'.format(n_class),
             'dtype {} and shape {}'.format(class_weight.dtype, class_weight.shape))


def softmax_cross_entropy(x, t, normalize=True, cache_score=True, class_weight=None,
                          ignore_label=-1, reduce='mean', enable_double_backprop=False,
                          soft_target_loss='cross-entropy'):
    """Cross entropy between ``softmax(x)`` along axis 1 and the labels ``t``.

    Args:
        x (Variable or array): float scores of shape ``(N, C)`` or
            ``(N, C, d_1, ..., d_k)``.
        t (Variable or array): int labels of shape ``(N,)`` or ``(N, d_1, ..., d_k)``
            (``x``'s shape without axis 1) in [0, C) or ``ignore_label``; or float
            soft targets (probabilities over axis 1) of ``x``'s shape. Another label
            raises InvalidType: always for NumPy arrays (NumPy would read a negative
            label from the end of the row, a wrong loss without an error), on a GPU
            only in debug mode, as Chainer checks (reading labels waits for the GPU).
        normalize (bool): with integer labels and reduce='mean', divide the summed
            loss by the number of non-ignored labels (True) or by N (False). Soft
            targets are always divided by the number of distributions.
        cache_score (bool): keep softmax(x) from forward for backward.
        class_weight (array): float array of shape ``(C,)`` weighting each label's
            loss.
        ignore_label (int): label whose terms are dropped.
        reduce (str): 'mean' for a scalar, 'no' for the per-label losses.
        enable_double_backprop (bool): accepted for compatibility; the gradient is
            always differentiable.
        soft_target_loss (str): 'cross-entropy' or 'kl-divergence' for soft targets.

    Returns:
        Variable: of ``x``'s dtype, a scalar (shape ``()``) for 'mean', or for 'no'
        of ``x``'s shape without axis 1, ``(N, d_1, ..., d_k)`` (``t``'s shape for
        integer labels).
    """
    check_reduce(_NAME, reduce, ('mean', 'no'))
    if core.as_array(t).dtype.kind == 'f':
        return _soft_target_loss(x, t, reduce, soft_target_loss)
    if class_weight is not None:
        _check_class_weight(class_weight, x.shape[1] if x.ndim >= 2 else None)
    node = SoftmaxCrossEntropy(normalize, cache_score, class_weight, ignore_label, reduce)
    return node.apply((x, t))[0]
