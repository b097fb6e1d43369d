"""Accuracies and classification summaries, of the batch the graph sees."""

import numpy

from kusari.onnx.functions.converter import Builder, converts
from kusari.onnx.functions.loss import _float


def _predicted_labels(b, y, t):
    """The argmax over axis 1 of ``y`` in the shape of the labels ``t``, and ``t``, both
    int64."""
    pred = b.reshape(b.op('ArgMax', [y], axis=1, keepdims=0), list(b.in_shape(1)))
    return pred, b.op('Cast', [t], to=7)


def _not_ignored(b, labels, ignore_label):
    """The mask of the int64 ``labels`` that are not ``ignore_label``."""
    return b.op('Not', [b.op('Equal', [labels, b.const(ignore_label, numpy.int64)])])


def _fraction(b, count, total, dtype):
    """count / max(total, 1), both boolean masks counted."""
    to = _float(dtype)
    count = b.reduce('ReduceSum', b.op('Cast', [count], to=to), None)
    total = b.reduce('ReduceSum', b.op('Cast', [total], to=to), None)
    b.output('Div', [count, b.op('Max', [total, b.const(1, dtype)])])
    return b.nodes()


@converts('Accuracy')
def convert_Accuracy(params):
    func = params.func
    b = Builder(params)
    y, t = b.inputs
    dtype = func.inputs[0].dtype
    pred, labels = _predicted_labels(b, y, t)
    correct = b.op('Equal', [pred, labels])
    if func.ignore_label is None:
        valid = b.op('Equal', [labels, labels])  # every label counts
    else:
        valid = _not_ignored(b, labels, func.ignore_label)
        correct = b.op('And', [correct, valid])
    return _fraction(b, correct, valid, dtype)


@converts('BinaryAccuracy')
def convert_BinaryAccuracy(params):
    """Correct where (y >= 0) equals t; labels -1 (never 0 or 1) are ignored."""
    func = params.func
    b = Builder(params)
    y, t = b.inputs
    dtype = func.inputs[0].dtype
    labels = b.op('Cast', [t], to=7)
    positive = b.op('Cast', [b.op('Not', [b.op('Less', [y, b.const(0, dtype)])])], to=7)
    valid = _not_ignored(b, labels, func.ignore_label)
    return _fraction(b, b.op('Equal', [positive, labels]), valid, dtype)


@converts('R2_score', since=11)  # Equal on floats
def convert_R2_score(params):
    """1 - residual / total sums of squares per output (0 for a constant target)."""
    func = params.func
    b = Builder(params)
    pred, true = b.inputs
    dtype = func.inputs[0].dtype

    def sum_of_squares(diff):
        return b.reduce('ReduceSum', b.op('Mul', [diff, diff]), [0])

    residual = sum_of_squares(b.op('Sub', [pred, true]))
    total = sum_of_squares(b.op('Sub', [true, b.reduce('ReduceMean', true, [0], True)]))
    zero, one = b.const(0, dtype), b.const(1, dtype)
    constant = b.op('Equal', [total, zero])
    score = b.op('Where', [constant, zero, b.op('Sub', [one, b.op(
        'Div', [residual, b.op('Where', [constant, one, total])])])])
    if func.multioutput == 'uniform_average':
        b.reduce('ReduceMean', score, None, out=params.output_names)
    else:
        b.op('Identity', [score], out=params.output_names)
    return b.nodes()


@converts('ClassificationSummary')
def convert_ClassificationSummary(params):
    """Precision, recall, F-beta and support per class from one-hot predictions and labels;
    the number of classes is the one of the exported batch."""
    func = params.func
    b = Builder(params)
    y, t = b.inputs
    n = b.out_shape(0)[0]
    pred, labels = _predicted_labels(b, y, t)
    classes = b.ints(range(n))
    kept = b.unsqueeze(b.reshape(_not_ignored(b, labels, func.ignore_label), [-1]), [1])

    def one_hot(values):
        """(samples, n) float64 indicators; ignored samples are all zero."""
        is_class = b.op('Equal', [b.unsqueeze(b.reshape(values, [-1]), [1]), classes])
        return b.op('Cast', [b.op('And', [is_class, kept])], to=_float(numpy.float64))

    true, predicted = one_hot(labels), one_hot(pred)
    support = b.reduce('ReduceSum', true, [0])
    relevant = b.reduce('ReduceSum', predicted, [0])
    tp = b.reduce('ReduceSum', b.op('Mul', [true, predicted]), [0])
    precision = b.op('Div', [tp, relevant])
    recall = b.op('Div', [tp, support])
    beta2 = func.beta * func.beta
    fbeta = b.op('Div', [b.op('Mul', [b.const(1 + beta2, numpy.float64), b.op(
        'Mul', [precision, recall])]), b.op('Add', [b.op(
            'Mul', [b.const(beta2, numpy.float64), precision]), recall])])
    for i, value in enumerate((precision, recall, fbeta, support)):
        b.op('Cast', [value], out=params.output_names[i], to=_float(b.out_dtype(i)))
    return b.nodes()
