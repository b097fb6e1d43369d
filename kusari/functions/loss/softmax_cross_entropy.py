"""Softmax cross entropy for classification."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.activation.softmax import _log_softmax, log_softmax, softmax
from kusari.functions.array.reshape import reshape
from kusari.functions.math.sum import sum as sum_


def _check_labels(x, t, ignore_label):
    """Validate integer labels ``t`` for scores ``x`` of shape (N, C, ...)."""
    if t.dtype.kind not in 'iu':
        fail('softmax_cross_entropy', 't', 'an integer label array', 'dtype {}'.format(t.dtype))
    if t.shape != x.shape[:1] + x.shape[2:]:
        fail('softmax_cross_entropy', 'shape of t', 'x.shape without axis 1, {}'.format(
            x.shape[:1] + x.shape[2:]), t.shape)
    if t.size:
        bad = (t != ignore_label) & ((t < 0) | (t >= x.shape[1]))
        if bad.any():
            fail('softmax_cross_entropy', 'label in t',
                 'labels in [0, {}) or ignore_label={}'.format(x.shape[1], ignore_label),
                 int(t[bad].ravel()[0]))


def _onehot_mask(xp, t, n_class, valid, dtype):
    """One-hot encoding of ``t`` along axis 1, zero where ``valid`` is False."""
    classes = xp.arange(n_class).reshape((1, n_class) + (1,) * (t.ndim - 1))
    return ((t[:, None] == classes) & valid[:, None]).astype(dtype)


class SoftmaxCrossEntropy(core.FunctionNode):
    """Cross entropy of softmax(x) against integer labels; inputs (x, t)."""

    def __init__(self, normalize=True, cache_score=True, class_weight=None, ignore_label=-1,
                 reduce='mean'):
        self.normalize = normalize
        self.cache_score = cache_score
        self.class_weight = class_weight
        self.ignore_label = ignore_label
        self.reduce = reduce

    def forward(self, inputs):
        x, t = inputs
        check_float('softmax_cross_entropy', 'x', x)
        if x.ndim < 2:
            fail('softmax_cross_entropy', 'x', 'an array of ndim >= 2 (N, C, ...)',
                 'shape {}'.format(x.shape))
        _check_labels(x, t, self.ignore_label)
        xp = get_array_module(x)
        self.retain_inputs((0, 1))
        log_y = _log_softmax(x, 1)
        if self.cache_score:
            self.y = xp.exp(log_y)
        valid = t != self.ignore_label
        safe_t = xp.where(valid, t, 0)
        picked = xp.take_along_axis(log_y, safe_t[:, None].astype(numpy.intp), axis=1)[:, 0]
        if self.class_weight is not None:
            picked = picked * self.class_weight[safe_t]
        losses = -picked * valid
        if self.reduce == 'no':
            return losses.astype(x.dtype, copy=False),
        self._coeff = self._normalizer(valid)
        return xp.asarray(losses.sum() * self._coeff, dtype=x.dtype),

    def _normalizer(self, valid):
        if self.normalize:
            count = int(valid.sum())
        else:
            count = valid.shape[0]
        return 1.0 / max(count, 1)

    def backward(self, indexes, grad_outputs):
        x, t = self.get_retained_inputs()
        gy, = grad_outputs
        xp = get_array_module(x.array)
        tt = t.array
        valid = tt != self.ignore_label
        onehot = _onehot_mask(xp, xp.where(valid, tt, 0), x.shape[1], valid, x.dtype)
        weight = valid.astype(x.dtype)
        if self.class_weight is not None:
            weight = weight * self.class_weight[xp.where(valid, tt, 0)].astype(x.dtype)
        if core.config.enable_backprop or not self.cache_score:
            y = softmax(x, axis=1)  # differentiable, for double backprop
        else:
            y = core.Variable._new(self.y, False)
        diff = (y - onehot) * weight[:, None]
        if self.reduce == 'mean':
            return diff * (gy * self._coeff), None
        return diff * reshape(gy, weight[:, None].shape), None


def _soft_target_loss(x, t, normalize, reduce, soft_target_loss):
    """Cross entropy (or KL divergence) against a probability target ``t``."""
    if t.shape != x.shape:
        fail('softmax_cross_entropy', 't', 'soft targets of shape {}'.format(x.shape), t.shape)
    log_y = log_softmax(x, axis=1)
    t = core.as_variable(t)
    if soft_target_loss == 'cross-entropy':
        terms = -t * log_y
    elif soft_target_loss == 'kl-divergence':
        xp = get_array_module(t.array)
        log_t = xp.log(xp.where(t.array > 0, t.array, 1))
        terms = t * (log_t - log_y)
    else:
        fail('softmax_cross_entropy', 'soft_target_loss', "'cross-entropy' or 'kl-divergence'",
             soft_target_loss)
    losses = sum_(terms, axis=1)
    if reduce == 'no':
        return losses
    count = losses.size if normalize else losses.shape[0]
    return sum_(losses) * (1.0 / max(count, 1))


def softmax_cross_entropy(x, t, normalize=True, cache_score=True, class_weight=None,
                          ignore_label=-1, reduce='mean', enable_double_backprop=False,
                          soft_target_loss='cross-entropy'):
    """Cross entropy between ``softmax(x)`` along axis 1 and the labels ``t``.

    Args:
        x: scores of shape (N, C) or (N, C, d1, ...).
        t: int labels of shape (N,) or (N, d1, ...), or float soft targets of x's shape.
        normalize (bool): with reduce='mean', divide by the number of non-ignored
            labels (True) or by the batch size (False).
        cache_score (bool): keep softmax(x) from forward for backward.
        class_weight: per-class weights of shape (C,).
        ignore_label (int): label whose terms are dropped.
        reduce (str): 'mean' for a scalar, 'no' for per-example losses.
        enable_double_backprop (bool): accepted for compatibility; the backward is
            always differentiable.
        soft_target_loss (str): 'cross-entropy' or 'kl-divergence' for soft targets.
    """
    if reduce not in ('mean', 'no'):
        fail('softmax_cross_entropy', 'reduce', "'mean' or 'no'", repr(reduce))
    t_array = core.as_array(t)
    if t_array.dtype.kind == 'f':
        return _soft_target_loss(x, t, normalize, reduce, soft_target_loss)
    if class_weight is not None:
        class_weight = core.as_array(class_weight)
        if class_weight.shape != (x.shape[1],):
            fail('softmax_cross_entropy', 'class_weight', 'shape ({},)'.format(x.shape[1]),
                 class_weight.shape)
    node = SoftmaxCrossEntropy(normalize, cache_score, class_weight, ignore_label, reduce)
    return node.apply((x, t))[0]
