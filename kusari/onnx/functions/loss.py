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


# stands for log 0 in the CTC recursion: exp(_LOG_ZERO - m) is 0 without the nan that
# -inf - (-inf) gives
_LOG_ZERO = -1e30


@converts('ConnectionistTemporalClassification', since=9)
def convert_ConnectionistTemporalClassification(params):
    """The alpha recursion over the extended labels (blank, t_1, blank, ..., blank),
    unrolled over the T steps of the exported graph; lengths and labels stay inputs."""
    func = params.func
    b = Builder(params)
    input_length, label_length, t = b.inputs[:3]
    xs = b.inputs[3:]
    if not b.in_shape(2)[1]:
        raise RuntimeError('kusari exports connectionist_temporal_classification for labels '
                           'of at least one column')
    batch, n_vocab = b.in_shape(3)
    n_ext = 2 * b.in_shape(2)[1] + 1
    dtype = numpy.promote_types(func.inputs[3].dtype, numpy.float32)
    to = _float(dtype)
    neg = b.const(_LOG_ZERO, dtype)

    x = b.op('Concat', [b.unsqueeze(v, [0]) for v in xs], axis=0)  # (T, B, V)
    log_y = b.op('LogSoftmax', [b.op('Cast', [x], to=to)], axis=2)
    blank = b.const(func.blank, numpy.int64)
    labels = b.op('Cast', [t], to=7)
    # (B, S): blank, t_1, blank, t_2, ..., blank, then blanks past each label length
    blanks = b.const(numpy.full(b.in_shape(2), func.blank), numpy.int64)
    pairs = b.op('Concat', [b.unsqueeze(blanks, [2]), b.unsqueeze(labels, [2])], axis=2)
    blank_column = b.const(numpy.full((batch, 1), func.blank), numpy.int64)
    ext = b.op('Concat', [b.reshape(pairs, [batch, n_ext - 1]), blank_column], axis=1)
    ext_length = b.op('Add', [b.op('Mul', [b.op('Cast', [label_length], to=7),
                                           b.const(2, numpy.int64)]), b.const(1, numpy.int64)])
    positions = b.ints(range(n_ext))
    valid = b.op('Less', [positions, b.unsqueeze(ext_length, [1])])
    ext = b.op('Where', [valid, ext, blank])
    ext_prev2 = b.op('Concat', [blank_column, blank_column,
                                b.slice(ext, [0], [n_ext - 2], [1])], axis=1)
    can_skip = b.op('And', [b.op('Not', [b.op('Equal', [ext, blank])]),
                            b.op('Not', [b.op('Equal', [ext, ext_prev2])])])
    # lp[b, t, s] = log_y[t, b, ext[b, s]], a MatMul with the one-hot extended labels
    one_hot = b.op('Cast', [b.op('Equal', [b.unsqueeze(ext, [1]), b.reshape(
        b.ints(range(n_vocab)), [1, n_vocab, 1])])], to=to)  # (B, V, S)
    lp = b.op('MatMul', [b.op('Transpose', [log_y], perm=[1, 0, 2]), one_hot])  # (B, T, S)
    n_time = len(xs)
    lps = b.split(lp, [1] * n_time, 1) if n_time > 1 else [lp]
    lps = [b.squeeze(p, [1]) for p in lps]

    def shifted(alpha, by):
        return b.op('Concat', [b.const(numpy.full((batch, by), _LOG_ZERO), dtype),
                               b.slice(alpha, [0], [n_ext - by], [1])], axis=1)

    def log_add_exp(*terms):
        top = b.op('Max', list(terms))
        total = b.op('Sum', [b.op('Exp', [b.op('Sub', [v, top])]) for v in terms])
        return b.op('Add', [top, b.op('Log', [total])])

    starts = numpy.full((1, n_ext), _LOG_ZERO, dtype)
    starts[:, :2] = 0
    alpha = b.op('Add', [lps[0], b.const(starts, dtype)])
    last = b.unsqueeze(b.op('Sub', [b.op('Cast', [input_length], to=7),
                                    b.const(1, numpy.int64)]), [1])
    final = alpha
    for step in range(1, n_time):
        skip = b.op('Where', [can_skip, shifted(alpha, 2), neg])
        alpha = b.op('Add', [log_add_exp(alpha, shifted(alpha, 1), skip), lps[step]])
        final = b.op('Where', [b.op('Equal', [last, b.const(step, numpy.int64)]), alpha, final])
    end = b.unsqueeze(b.op('Sub', [ext_length, b.const(1, numpy.int64)]), [1])

    def final_at(position):
        at = b.op('Equal', [positions, position])
        return b.reduce('ReduceMax', b.op('Where', [at, final, neg]), [1])

    loglik = log_add_exp(final_at(end), final_at(b.op('Sub', [end, b.const(1, numpy.int64)])))
    # impossible alignments: log 0, as kusari gives
    loglik = b.op('Where', [b.op('Less', [loglik, b.const(_LOG_ZERO / 10, dtype)]),
                            b.const(-numpy.inf, dtype), loglik])
    loss = b.op('Neg', [loglik])
    if func.reduce == 'mean':
        loss = b.op('Div', [b.reduce('ReduceSum', loss, None), b.const(max(batch, 1), dtype)])
    b.op('Cast', [loss], out=params.output_names, to=_float(b.out_dtype()))
    return b.nodes()
