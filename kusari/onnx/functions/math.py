"""Arithmetic, elementwise math, reductions and matrix products."""

import numpy

from kusari.onnx.functions.converter import Builder, converts, one_op


for _name, _op, _since in (
        ('Add', 'Add', 7), ('Sub', 'Sub', 7), ('Mul', 'Mul', 7), ('Div', 'Div', 7),
        ('Neg', 'Neg', 7), ('Absolute', 'Abs', 7), ('Exp', 'Exp', 7), ('Log', 'Log', 7),
        ('Sqrt', 'Sqrt', 7), ('Sin', 'Sin', 7), ('Cos', 'Cos', 7), ('Tan', 'Tan', 7),
        ('Arcsin', 'Asin', 7), ('Arccos', 'Acos', 7), ('Arctan', 'Atan', 7),
        ('Sinh', 'Sinh', 9), ('Cosh', 'Cosh', 9), ('Maximum', 'Max', 7),
        ('Minimum', 'Min', 7), ('PowVarVar', 'Pow', 7), ('Identity', 'Identity', 7),
        ('Erf', 'Erf', 9), ('sign', 'Sign', 9)):
    converts(_name, since=_since)(one_op(_op))


def _dtype(params, i=0):
    return params.func.inputs[i].dtype


def _with_constant(op_type, constant_first=False):
    """x op value (or value op x) for the nodes that keep a scalar ``value``."""
    def convert(params):
        b = Builder(params)
        value = b.const(params.func.value, _dtype(params))
        operands = [value, b.inputs[0]] if constant_first else [b.inputs[0], value]
        b.output(op_type, operands)
        return b.nodes()
    return convert


converts('AddConstant')(_with_constant('Add'))
converts('SubFromConstant')(_with_constant('Sub', constant_first=True))
converts('MulConstant')(_with_constant('Mul'))
converts('DivFromConstant')(_with_constant('Div', constant_first=True))
converts('PowVarConst')(_with_constant('Pow'))
converts('PowConstVar')(_with_constant('Pow', constant_first=True))


@converts('Square')
def convert_Square(params):
    b = Builder(params)
    b.output('Mul', [b.inputs[0], b.inputs[0]])
    return b.nodes()


@converts('RsqrtGPU')
def convert_Rsqrt(params):
    b = Builder(params)
    b.output('Reciprocal', [b.op('Sqrt', b.inputs)])
    return b.nodes()


@converts('Expm1')
def convert_Expm1(params):
    b = Builder(params)
    b.output('Sub', [b.op('Exp', b.inputs), b.const(1, _dtype(params))])
    return b.nodes()


@converts('Log1p')
def convert_Log1p(params):
    b = Builder(params)
    b.output('Log', [b.op('Add', [b.inputs[0], b.const(1, _dtype(params))])])
    return b.nodes()


@converts('Log2', 'Log10')
def convert_LogBase(params):
    base = 2. if type(params.func).__name__ == 'Log2' else 10.
    b = Builder(params)
    b.output('Div', [b.op('Log', b.inputs), b.const(numpy.log(base), _dtype(params))])
    return b.nodes()


@converts('Clip')
def convert_Clip(params):
    b = Builder(params)
    b.clip(b.inputs[0], params.func.x_min, params.func.x_max, out=params.output_names)
    return b.nodes()


def _axes(func, ndim):
    axis = getattr(func, 'axis', None)
    if axis is None:
        return None
    if not isinstance(axis, (tuple, list)):
        axis = axis,
    return [a % ndim for a in axis]


def _reduction(op_type):
    def convert(params):
        b = Builder(params)
        axes = _axes(params.func, len(b.in_shape()))
        b.reduce(op_type, b.inputs[0], axes, getattr(params.func, 'keepdims', False),
                 out=params.output_names)
        return b.nodes()
    return convert


converts('Sum')(_reduction('ReduceSum'))
converts('Max')(_reduction('ReduceMax'))
converts('Min')(_reduction('ReduceMin'))
converts('Prod')(_reduction('ReduceProd'))
converts('LogSumExp')(_reduction('ReduceLogSumExp'))


def _arg_reduction(op_type):
    def convert(params):
        """ArgMax/ArgMin give int64; kusari's (Chainer's) result is int32."""
        b = Builder(params)
        x = b.inputs[0]
        axis = params.func.axis
        if axis is None:
            x, axis = b.reshape(x, [-1]), 0
        index = b.op(op_type, [x], axis=axis % max(len(b.in_shape()), 1), keepdims=0)
        b.output('Cast', [index], to=_tensor_type(b.func.outputs[0]().dtype))
        return b.nodes()
    return convert


def _tensor_type(dtype):
    from onnx import helper
    return helper.np_dtype_to_tensor_dtype(numpy.dtype(dtype))


converts('ArgMax')(_arg_reduction('ArgMax'))
converts('ArgMin')(_arg_reduction('ArgMin'))


@converts('BroadcastTo', since=8)
def convert_BroadcastTo(params):
    b = Builder(params)
    shape = getattr(params.func, '_shape', None) or b.out_shape()
    b.output('Expand', [b.inputs[0], b.ints(shape)])
    return b.nodes()


@converts('LinearInterpolate')
def convert_LinearInterpolate(params):
    """p * x + (1 - p) * y"""
    b = Builder(params)
    p, x, y = b.inputs
    one_minus_p = b.op('Sub', [b.const(1, _dtype(params)), p])
    b.output('Add', [b.op('Mul', [p, x]), b.op('Mul', [one_minus_p, y])])
    return b.nodes()


@converts('MatMul')
def convert_MatMul(params):
    b = Builder(params)
    a, c = b.inputs
    func = params.func
    for i, trans in ((0, func.transa), (1, func.transb)):
        ndim = len(b.in_shape(i))
        if trans and ndim >= 2:
            perm = list(range(ndim - 2)) + [ndim - 1, ndim - 2]
            operand = b.op('Transpose', [b.inputs[i]], perm=perm)
            a, c = (operand, c) if i == 0 else (a, operand)
    b.output('MatMul', [a, c])
    return b.nodes()


converts('Arctanh', since=9)(one_op('Atanh'))


@converts('Fmod', since=10)
def convert_Fmod(params):
    b = Builder(params)
    b.output('Mod', b.inputs, fmod=1)
    return b.nodes()


@converts('Erfc', since=9)
def convert_Erfc(params):
    b = Builder(params)
    b.output('Sub', [b.const(1, _dtype(params)), b.op('Erf', b.inputs)])
    return b.nodes()


@converts('MultiAdd')
def convert_MultiAdd(params):
    """A chain of Adds (they broadcast in every opset, unlike Sum before opset 8)."""
    b = Builder(params)
    total = b.inputs[0]
    for x in b.inputs[1:-1]:
        total = b.op('Add', [total, x])
    b.output('Add', [total, b.inputs[-1]])
    return b.nodes()


@converts('SumTo')
def convert_SumTo(params):
    """Sums the leading axes and those broadcast from 1 to reach ``shape``."""
    b = Builder(params)
    in_shape, shape = b.in_shape(), tuple(params.func.shape)
    lead = len(in_shape) - len(shape)
    axes = list(range(lead)) + [lead + i for i, n in enumerate(shape)
                                if n == 1 and in_shape[lead + i] != 1]
    summed = b.reduce('ReduceSum', b.inputs[0], axes, keepdims=True) if axes else b.inputs[0]
    b.reshape(summed, shape, out=params.output_names)
    return b.nodes()


@converts('Cumsum', since=11)
def convert_Cumsum(params):
    b = Builder(params)
    axis = params.func.axis
    if axis is None:
        x, axis = b.reshape(b.inputs[0], [-1]), 0
    else:
        x = b.inputs[0]
    b.output('CumSum', [x, b.const(axis % max(len(b.in_shape()), 1), numpy.int64)],
             reverse=int(bool(getattr(params.func, 'reverse', False))))
    return b.nodes()


@converts('Cumprod')
def convert_Cumprod(params):
    """Running products of the slices along the axis (ONNX has no CumProd)."""
    b = Builder(params)
    x, axis = b.inputs[0], params.func.axis
    if axis is None:
        x, axis = b.reshape(x, [-1]), 0
    n = b.out_shape()[axis]
    parts = list(b.split(x, [1] * n, axis)) if n > 1 else [x]
    products = parts[:1]
    for part in parts[1:]:
        products.append(b.op('Mul', [products[-1], part]))
    b.output('Concat', products, axis=axis)
    return b.nodes()


@converts('Arctan2', since=9)
def convert_Arctan2(params):
    """atan(x1 / x2), moved by pi into the left half-plane and +-pi/2 on the axis x2 = 0
    (ONNX has no Atan2)."""
    b = Builder(params)
    y, x = b.inputs
    dtype = params.func.inputs[0].dtype
    zero, pi = b.const(0, dtype), b.const(numpy.pi, dtype)
    ratio = b.op('Atan', [b.op('Div', [y, x])])
    half_plane = b.op('Where', [b.op('Less', [y, zero]), b.op('Neg', [pi]), pi])
    on_axis = b.op('Mul', [b.op('Sign', [y]), b.const(numpy.pi / 2, dtype)])
    left = b.op('Where', [b.op('Less', [x, zero]), b.op('Add', [ratio, half_plane]), on_axis])
    b.output('Where', [b.op('Greater', [x, zero]), ratio, left])
    return b.nodes()


@converts('BatchL2NormSquared')
def convert_BatchL2NormSquared(params):
    b = Builder(params)
    b.reduce('ReduceSumSquare', b.inputs[0], list(range(1, len(b.in_shape()))),
             out=params.output_names)
    return b.nodes()


@converts('EinSum', since=12)
def convert_EinSum(params):
    b = Builder(params)
    func = params.func
    b.output('Einsum', b.inputs, equation='{}->{}'.format(','.join(func.in_subs), func.out_sub))
    return b.nodes()


@converts('TensorDot', since=12)
def convert_TensorDot(params):
    """An Einsum contracting ``a_axes`` of a with ``b_axes`` of b."""
    func = params.func
    b = Builder(params)
    a_ndim, b_ndim = len(b.in_shape(0)), len(b.in_shape(1))
    letters = iter('abcdefghijklmnopqrstuvwxyz')
    a_subs = [next(letters) for _ in range(a_ndim)]
    b_subs = [next(letters) for _ in range(b_ndim)]
    a_axes = [a % a_ndim for a in numpy.atleast_1d(func.a_axes).tolist()]
    b_axes = [a % b_ndim for a in numpy.atleast_1d(func.b_axes).tolist()]
    for i, j in zip(a_axes, b_axes):
        b_subs[j] = a_subs[i]
    out = [s for i, s in enumerate(a_subs) if i not in a_axes] + \
        [s for j, s in enumerate(b_subs) if j not in b_axes]
    b.output('Einsum', b.inputs,
             equation='{},{}->{}'.format(''.join(a_subs), ''.join(b_subs), ''.join(out)))
    return b.nodes()


converts('BatchDet', since=11)(one_op('Det'))


@converts('FFT', since=17)
def convert_FFT(params):
    """ONNX DFT over the last axis of the real and imaginary parts stacked as ONNX's
    trailing complex axis; a leading batch axis of 1 as DFT wants one."""
    func = params.func
    b = Builder(params)
    ndim = len(b.in_shape())
    parts = [b.unsqueeze(x, [0, ndim + 1]) for x in b.inputs]
    attrs = {'inverse': int(func.method == 'ifft'), 'onesided': 0}
    stacked = b.op('Concat', parts, axis=-1)
    if b.opset >= 20:
        y = b.op('DFT', [stacked, '', b.const(ndim, numpy.int64)], **attrs)
    else:
        y = b.op('DFT', [stacked], axis=ndim, **attrs)
    real, imag = b.split(y, [1, 1], ndim + 1)
    for part, name in zip((real, imag), params.output_names):
        b.squeeze(part, [0, ndim + 1], out=name)
    return b.nodes()
