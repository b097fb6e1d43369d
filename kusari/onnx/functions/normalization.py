"""Batch, group, local response and L2 normalization."""

import numpy

from kusari.onnx.functions.converter import Builder, converts, input_array


def _statistics_axes(func, x_ndim, gamma_ndim):
    axis = getattr(func, 'axis', None)
    if axis is None:
        axis = getattr(func, 'axes', None)
    if axis is None:
        axis = (0,) + tuple(range(1 + gamma_ndim, x_ndim))
    return tuple(numpy.atleast_1d(axis).tolist())


@converts('BatchNormalization', 'FixedBatchNormalization')
def convert_BatchNormalization(params):
    """ONNX's BatchNormalization with the running statistics as initializers.

    In training (BatchNormalization, three inputs) the statistics are those of
    the batch the model ran on, exported as constants. The statistics of a link
    are named after it (``param_bn_avg_mean``); others after the function.
    """
    func, context = params.func, params.context
    b = Builder(params)
    inputs = b.inputs
    link = None
    for node in func.inputs[1:3]:
        owner = context.get_link(node.get_variable_or_none())
        link = link or owner

    def add(value, suffix):
        if link is None:
            return context.add_param(value, suffix)
        return context.add_param(value, '{}_{}'.format(link[0], suffix), use_original_name=True)

    if len(inputs) == 5:
        for i, suffix in ((3, 'avg_mean'), (4, 'avg_var')):
            value = context.implicit_inputs.pop(inputs[i], None)
            if value is not None:
                inputs[i] = add(getattr(value, 'array', value), suffix)
    else:
        x = input_array(params, 0)
        axes = _statistics_axes(func, x.ndim, len(b.in_shape(1)))
        inputs += [add(x.mean(axis=axes), 'avg_mean'), add(x.var(axis=axes), 'avg_var')]
    b.output('BatchNormalization', inputs, epsilon=float(func.eps))
    return b.nodes()


def _standardize(b, x, axis, eps, dtype):
    """(x - mean) / sqrt(var + eps) over ``axis``, the biased variance as kusari computes it."""
    centered = b.op('Sub', [x, b.reduce('ReduceMean', x, [axis], keepdims=True)])
    var = b.reduce('ReduceMean', b.op('Mul', [centered, centered]), [axis], keepdims=True)
    return b.op('Div', [centered, b.op('Sqrt', [b.op('Add', [var, b.const(eps, dtype)])])])


@converts('GroupNormalization')
def convert_GroupNormalization(params):
    """Standardizes each group of channels of each sample, then scales and shifts."""
    func = params.func
    b = Builder(params)
    x, gamma, beta = b.inputs
    dtype = func.inputs[0].dtype
    ndim = len(b.in_shape())
    grouped = b.reshape(x, [0, int(func.groups), -1])
    normalized = b.op('Reshape', [_standardize(b, grouped, 2, func.eps, dtype),
                                  b.op('Shape', [x])])
    channel_axes = list(range(1, ndim - 1))
    if channel_axes:
        gamma, beta = b.unsqueeze(gamma, channel_axes), b.unsqueeze(beta, channel_axes)
    b.output('Add', [b.op('Mul', [normalized, gamma]), beta])
    return b.nodes()


@converts('LocalResponseNormalization')
def convert_LocalResponseNormalization(params):
    """ONNX's LRN divides alpha by the window size; Chainer's does not."""
    func = params.func
    size = int(func.n)
    b = Builder(params)
    b.output('LRN', b.inputs, size=size, alpha=float(func.alpha) * size,
             beta=float(func.beta), bias=float(func.k))
    return b.nodes()


@converts('NormalizeL2')
def convert_NormalizeL2(params):
    """x / (||x||_2 + eps) along the axes."""
    func = params.func
    b = Builder(params)
    x = b.inputs[0]
    ndim = len(b.in_shape())
    axes = [a % ndim for a in numpy.atleast_1d(func.axis).tolist()]
    norm = b.op('Sqrt', [b.reduce('ReduceSum', b.op('Mul', [x, x]), axes, keepdims=True)])
    b.output('Div', [x, b.op('Add', [norm, b.const(func.eps, func.inputs[0].dtype)])])
    return b.nodes()


@converts('LayerNormalization')
def convert_LayerNormalization(params):
    """Standardizes each row of x (batch, units), then scales and shifts."""
    func = params.func
    b = Builder(params)
    x, gamma, beta = b.inputs
    dtype = func.inputs[0].dtype
    b.output('Add', [b.op('Mul', [_standardize(b, x, 1, func.eps, dtype), gamma]), beta])
    return b.nodes()
