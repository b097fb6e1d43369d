"""Linear, convolution, deconvolution and embedding."""

import numpy

from kusari.onnx.functions.converter import Builder, converts


def _conv_attrs(func, ndim):
    def per_axis(value):
        return list(value) if isinstance(value, (tuple, list)) else [value] * ndim

    stride = per_axis(getattr(func, 'stride', None) or (func.sy, func.sx))
    pad = per_axis(getattr(func, 'pad', None) or (func.ph, func.pw))
    dilate = per_axis(getattr(func, 'dilate', None) or (getattr(func, 'dy', 1),
                                                        getattr(func, 'dx', 1)))
    return dict(strides=stride, pads=pad + pad, dilations=dilate,
                group=int(getattr(func, 'groups', 1)))


@converts('Convolution2DFunction', 'ConvolutionND')
def convert_Convolution(params):
    b = Builder(params)
    if getattr(params.func, 'cover_all', False):
        raise RuntimeError('kusari cannot export convolution with cover_all=True')
    w_shape = b.in_shape(1)
    attrs = _conv_attrs(params.func, len(w_shape) - 2)
    b.output('Conv', b.inputs, kernel_shape=list(w_shape[2:]), **attrs)
    return b.nodes()


@converts('Deconvolution2DFunction', 'DeconvolutionND')
def convert_Deconvolution(params):
    """ConvTranspose; ``output_padding`` gives the sizes above the smallest output."""
    b = Builder(params)
    w_shape = b.in_shape(1)
    ndim = len(w_shape) - 2
    attrs = _conv_attrs(params.func, ndim)
    in_size, out_size = b.in_shape(0)[2:], b.out_shape()[2:]
    extra = [out - ((n - 1) * s - 2 * p + d * (k - 1) + 1) for out, n, s, p, d, k in zip(
        out_size, in_size, attrs['strides'], attrs['pads'], attrs['dilations'], w_shape[2:])]
    if any(extra):
        attrs['output_padding'] = extra
    b.output('ConvTranspose', b.inputs, kernel_shape=list(w_shape[2:]), **attrs)
    return b.nodes()


@converts('LinearFunction')
def convert_LinearFunction(params):
    """Gemm for a matrix x; MatMul with W transposed (and Add) for more axes."""
    b = Builder(params)
    x, w = b.inputs[:2]
    bias = b.inputs[2:]
    if len(b.in_shape(0)) == 2 and (bias or b.opset >= 11):
        b.output('Gemm', [x, w] + bias, transB=1)
    elif bias:
        product = b.op('MatMul', [x, b.op('Transpose', [w], perm=[1, 0])])
        b.output('Add', [product, bias[0]])
    else:
        b.output('MatMul', [x, b.op('Transpose', [w], perm=[1, 0])])
    return b.nodes()


@converts('EmbedIDFunction')
def convert_EmbedIDFunction(params):
    """Gather of W's rows; ids equal to ``ignore_label`` give zeros."""
    b = Builder(params)
    x, w = b.inputs
    ignore = params.func.ignore_label
    if ignore is None:
        b.output('Gather', [w, x], axis=0)
        return b.nodes()
    if b.opset < 9:
        raise RuntimeError('kusari exports EmbedID with ignore_label from opset 9')
    ignored = b.op('Equal', [x, b.const(ignore, b.func.inputs[0].dtype)])
    safe = b.op('Where', [ignored, b.const(0, b.func.inputs[0].dtype), x])
    rows = b.op('Gather', [w, safe], axis=0)
    b.output('Where', [b.unsqueeze(ignored, [len(b.in_shape(0))]),
                       b.const(0, b.func.inputs[1].dtype), rows])
    return b.nodes()


@converts('LocalConvolution2DFunction')
def convert_LocalConvolution2D(params):
    """Each input window as channels (a grouped Conv with one-hot kernels), multiplied by
    the weights of its output position and summed over the window."""
    func = params.func
    b = Builder(params)
    x, W = b.inputs[:2]
    out_c, out_h, out_w, in_c, kh, kw = b.in_shape(1)
    window = kh * kw
    # channel c * window + t of the patches is x's channel c at the window's tap t
    picks = numpy.tile(numpy.eye(window).reshape(window, 1, kh, kw), (in_c, 1, 1, 1))
    patches = b.op('Conv', [x, b.const(picks, params.func.inputs[0].dtype)],
                   kernel_shape=[kh, kw], strides=[func.sy, func.sx], group=in_c)
    weights = b.op('Reshape', [b.op('Transpose', [W], perm=[0, 3, 4, 5, 1, 2]),
                               b.ints([out_c, in_c * window, out_h, out_w])])
    products = b.op('Mul', [b.unsqueeze(patches, [1]), weights])
    if len(b.inputs) == 2:
        b.reduce('ReduceSum', products, [2], out=params.output_names)
    else:
        b.output('Add', [b.reduce('ReduceSum', products, [2]), b.inputs[2]])
    return b.nodes()
