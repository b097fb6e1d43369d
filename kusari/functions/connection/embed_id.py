"""Embedding lookup."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail, values_checkable
from kusari.functions._forms import ArrayForm, GraphForm


def _check_ids(x, n_rows, ignore_label):
    valid = x if ignore_label is None else x[x != ignore_label]
    if valid.size and (int(valid.min()) < 0 or int(valid.max()) >= n_rows):
        raise ValueError('embed_id: invalid x: expected ids in [0, {}){}, but got values from '
                         '{} to {}'.format(n_rows, '' if ignore_label is None else
                                           ' or ignore_label={}'.format(ignore_label),
                                           int(valid.min()), int(valid.max())))


class EmbedIDFunction(core.FunctionNode):
    """``y = W[x]``, zero rows where ``x == ignore_label``."""

    _input_indexes_to_retain = (0,)

    def __init__(self, ignore_label=None):
        self.ignore_label = ignore_label

    def forward(self, inputs):
        x, W = inputs
        if x.dtype.kind not in 'iu':
            fail('embed_id', 'x', 'an integer array', 'dtype {}'.format(x.dtype))
        if W.ndim != 2 or W.dtype.kind != 'f':
            fail('embed_id', 'W', 'a 2-d float array', 'shape {} and dtype {}'.format(
                W.shape, W.dtype))
        if values_checkable(x):
            _check_ids(x, W.shape[0], self.ignore_label)
        self._w_shape = W.shape
        if self.ignore_label is None:
            return W.take(x, axis=0),
        xp = get_array_module(x)
        ignored = x == self.ignore_label
        y = W.take(xp.where(ignored, 0, x), axis=0)
        y[ignored] = 0
        return y,

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return self._gradients(indexes, x, grad_outputs[0], GraphForm)

    def backward_arrays(self, indexes, grad_outputs):
        x, = self.get_retained_arrays()
        return self._gradients(indexes, x, grad_outputs[0], ArrayForm)

    def _gradients(self, indexes, x, gy, form):
        """W's gradient (x, integer ids, has none) in ``form`` (see _forms)."""
        ret = []
        for i in indexes:
            ret.append(None if i == 0 else form.run(
                EmbedIDGrad(self._w_shape, self.ignore_label), (x, gy))[0])
        return tuple(ret)


class EmbedIDGrad(core.FunctionNode):
    """``gW`` of :class:`EmbedIDFunction`: the rows of ``gy`` summed into their ids."""

    _input_indexes_to_retain = (0,)

    def __init__(self, w_shape, ignore_label):
        self.w_shape = w_shape
        self.ignore_label = ignore_label

    def forward(self, inputs):
        x, gy = inputs
        xp = get_array_module(gy)
        gW = xp.zeros(self.w_shape, dtype=gy.dtype)
        ids, rows = x.ravel(), gy.reshape(-1, self.w_shape[1])
        if self.ignore_label is not None:
            keep = ids != self.ignore_label
            ids, rows = ids[keep], rows[keep]
        if xp is numpy:
            numpy.add.at(gW, ids, rows)
        else:
            import cupyx
            cupyx.scatter_add(gW, ids, rows)
        return gW,

    def backward(self, indexes, grad_outputs):
        x = self.get_retained_inputs()[0]
        ret = []
        for i in indexes:
            ret.append(None if i == 0 else embed_id(x, grad_outputs[0], self.ignore_label))
        return tuple(ret)


def embed_id(x, W, ignore_label=None):
    """Looks up the rows of ``W`` at the ids ``x`` (an embedding layer).

    Args:
        x (Variable or array): integer ids of any shape, each in ``[0, n_vocab)`` or
            ``ignore_label``.
        W (Variable or array): float embedding matrix of shape ``(n_vocab, n_units)``.
        ignore_label (int or None): ids equal to it give zero vectors.

    Returns:
        Variable: of shape ``x.shape + (n_units,)`` and ``W``'s dtype.

    >>> import numpy as np
    >>> W = np.array([[0, 0], [1, 2], [3, 4]], np.float32)
    >>> embed_id(np.array([2, -1, 1]), W, ignore_label=-1).array
    array([[3., 4.],
           [0., 0.],
           [1., 2.]], dtype=float32)
    """
    return EmbedIDFunction(ignore_label).apply((x, W))[0]
