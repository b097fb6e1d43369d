"""Losses."""

import numpy

from kusari.onnx.functions.converter import Builder, converts


@converts('SoftmaxCrossEntropy', since=9)
def convert_SoftmaxCrossEntropy(params):
    """-log softmax(x)[t], averaged as ``normalize``/``reduce`` say; ignored labels count 0."""
    func = params.func
    if getattr(func, 'class_weight', None) is not None:
        raise RuntimeError('kusari cannot export softmax_cross_entropy with class_weight')
    b = Builder(params)
    x, t = b.inputs
    shape = b.in_shape(0)
    if len(shape) != 2:
        raise RuntimeError('kusari exports softmax_cross_entropy of 2-d scores only')
    dtype = params.func.inputs[0].dtype
    log_p = b.op('LogSoftmax', [x], axis=1)
    valid = b.op('Not', [b.op('Equal', [t, b.const(func.ignore_label, func.inputs[1].dtype)])])
    safe_t = b.op('Where', [valid, t, b.const(0, func.inputs[1].dtype)])
    safe_t = b.op('Cast', [safe_t], to=7)  # onnxruntime's OneHot wants int64 indices
    one_hot = b.op('OneHot', [safe_t, b.ints([shape[1]]), b.const([0, 1], dtype)], axis=-1)
    picked = b.reduce('ReduceSum', b.op('Mul', [log_p, one_hot]), [1])
    return _masked_mean(b, params, b.op('Neg', [picked]), valid, shape[0])


def _float(dtype):
    from onnx import helper
    return helper.np_dtype_to_tensor_dtype(numpy.dtype(dtype))


def _masked_mean(b, params, losses, valid, batch_size):
    """The losses (zero where not ``valid``) reduced as the node's ``reduce``/``normalize`` say."""
    func = params.func
    dtype = func.inputs[0].dtype
    losses = b.op('Mul', [losses, b.op('Cast', [valid], to=_float(dtype))])
    if func.reduce == 'no':
        b.op('Identity', [losses], out=params.output_names)
        return b.nodes()
    total = b.reduce('ReduceSum', losses, None)
    if func.normalize:
        count = b.reduce('ReduceSum', b.op('Cast', [valid], to=_float(dtype)), None)
        count = b.op('Max', [count, b.const(1, dtype)])
    else:
        count = b.const(batch_size, dtype)
    b.output('Div', [total, count])
    return b.nodes()


@converts('SigmoidCrossEntropy', since=9)
def convert_SigmoidCrossEntropy(params):
    """softplus(x) - t x (the stable form of -t log s(x) - (1 - t) log(1 - s(x)));
    labels -1 are ignored."""
    func = params.func
    b = Builder(params)
    x, t = b.inputs
    dtype = func.inputs[0].dtype
    valid = b.op('Not', [b.op('Equal', [t, b.const(-1, func.inputs[1].dtype)])])
    t_float = b.op('Cast', [t], to=_float(dtype))
    losses = b.op('Sub', [b.op('Softplus', [x]), b.op('Mul', [t_float, x])])
    return _masked_mean(b, params, losses, valid, b.in_shape(0)[0])


@converts('MeanSquaredError')
def convert_MeanSquaredError(params):
    b = Builder(params)
    diff = b.op('Sub', b.inputs)
    b.reduce('ReduceMean', b.op('Mul', [diff, diff]), None, out=params.output_names)
    return b.nodes()


@converts('MeanAbsoluteError')
def convert_MeanAbsoluteError(params):
    b = Builder(params)
    b.reduce('ReduceMean', b.op('Abs', [b.op('Sub', b.inputs)]), None,
             out=params.output_names)
    return b.nodes()


@converts('SquaredError')
def convert_SquaredError(params):
    b = Builder(params)
    diff = b.op('Sub', b.inputs)
    b.output('Mul', [diff, diff])
    return b.nodes()


@converts('AbsoluteError')
def convert_AbsoluteError(params):
    b = Builder(params)
    b.output('Abs', [b.op('Sub', b.inputs)])
    return b.nodes()


@converts('HuberLoss')
def convert_HuberLoss(params):
    """With m = min(|d|, delta): m^2 / 2 + delta (|d| - m), which is d^2 / 2 within
    delta and delta (|d| - delta / 2) beyond."""
    func = params.func
    b = Builder(params)
    dtype = func.inputs[0].dtype
    size = b.op('Abs', [b.op('Sub', b.inputs)])
    delta = b.const(func.delta, dtype)
    near = b.clip(size, None, func.delta)
    losses = b.op('Add', [b.op('Mul', [b.op('Mul', [near, near]), b.const(0.5, dtype)]),
                          b.op('Mul', [delta, b.op('Sub', [size, near])])])
    if func.reduce == 'sum_along_second_axis':
        b.reduce('ReduceSum', losses, [1], out=params.output_names)
    else:
        b.op('Identity', [losses], out=params.output_names)
    return b.nodes()


@converts('Contrastive')
def convert_Contrastive(params):
    """(y d^2 + (1 - y) max(margin - d, 0)^2) / 2 with d = |x0 - x1| per row."""
    func = params.func
    b = Builder(params)
    x0, x1, y = b.inputs
    dtype = func.inputs[0].dtype
    diff = b.op('Sub', [x0, x1])
    dist_sq = b.reduce('ReduceSum', b.op('Mul', [diff, diff]), [1])
    gap = b.op('Relu', [b.op('Sub', [b.const(func.margin, dtype), b.op('Sqrt', [dist_sq])])])
    similar = b.op('Cast', [y], to=_float(dtype))
    dissimilar = b.op('Sub', [b.const(1, dtype), similar])
    losses = b.op('Mul', [b.op('Add', [b.op('Mul', [similar, dist_sq]), b.op(
        'Mul', [dissimilar, b.op('Mul', [gap, gap])])]), b.const(0.5, dtype)])
    if func.reduce == 'no':
        b.op('Identity', [losses], out=params.output_names)
    else:
        b.output('Div', [b.reduce('ReduceSum', losses, None),
                         b.const(max(b.in_shape(0)[0], 1), dtype)])
    return b.nodes()
