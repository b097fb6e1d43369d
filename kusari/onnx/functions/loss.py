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
    losses = b.op('Mul', [b.op('Neg', [picked]), b.op('Cast', [valid], to=_float(dtype))])
    if func.reduce == 'no':
        b.op('Identity', [losses], out=params.output_names)
        return b.nodes()
    total = b.reduce('ReduceSum', losses, None)
    if func.normalize:
        count = b.reduce('ReduceSum', b.op('Cast', [valid], to=_float(dtype)), None)
        count = b.op('Max', [count, b.const(1, dtype)])
    else:
        count = b.const(shape[0], dtype)
    b.output('Div', [total, count])
    return b.nodes()


def _float(dtype):
    from onnx import helper
    return helper.np_dtype_to_tensor_dtype(numpy.dtype(dtype))
