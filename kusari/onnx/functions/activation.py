"""Activation functions."""

from kusari.onnx.functions.converter import Builder, converts, one_op


converts('ReLU')(one_op('Relu'))
converts('Sigmoid')(one_op('Sigmoid'))
converts('Tanh')(one_op('Tanh'))
converts('ELU')(one_op('Elu', alpha=lambda f: float(f.alpha)))
converts('LeakyReLU')(one_op('LeakyRelu', alpha=lambda f: float(f.slope)))
converts('HardSigmoid')(one_op('HardSigmoid', alpha=lambda f: 0.2, beta=lambda f: 0.5))


@converts('ClippedReLU')
def convert_ClippedReLU(params):
    b = Builder(params)
    b.clip(b.inputs[0], 0., params.func.cap, out=params.output_names)
    return b.nodes()


def _softmax(op_type):
    def convert(params):
        """Before opset 13 the op normalises over all axes from ``axis`` on: move
        the axis last when it is not."""
        b = Builder(params)
        ndim = len(b.in_shape())
        axis = params.func.axis % ndim
        if b.opset >= 13 or axis == ndim - 1:
            b.output(op_type, b.inputs, axis=axis)
        else:
            perm = [i for i in range(ndim) if i != axis] + [axis]
            inverse = [perm.index(i) for i in range(ndim)]
            h = b.op('Transpose', b.inputs, perm=perm)
            h = b.op(op_type, [h], axis=ndim - 1)
            b.output('Transpose', [h], perm=inverse)
        return b.nodes()
    return convert


converts('Softmax')(_softmax('Softmax'))
converts('LogSoftmax')(_softmax('LogSoftmax'))


@converts('Softplus')
def convert_Softplus(params):
    beta = float(params.func.beta)
    b = Builder(params)
    if beta == 1.:
        b.output('Softplus', b.inputs)
    else:
        h = b.op('Mul', [b.inputs[0], b.const(beta, b.func.inputs[0].dtype)])
        h = b.op('Softplus', [h])
        b.output('Div', [h, b.const(beta, b.func.inputs[0].dtype)])
    return b.nodes()


@converts('PReLUFunction')
def convert_PReLUFunction(params):
    """PRelu broadcasts its slope from the last axis; Chainer's W starts at axis 1."""
    b = Builder(params)
    x, w = b.inputs
    ndim, w_ndim = len(b.in_shape(0)), len(b.in_shape(1))
    trailing = ndim - 1 - w_ndim
    if w_ndim and trailing > 0:
        w = b.unsqueeze(w, range(w_ndim, w_ndim + trailing))
    b.output('PRelu', [x, w])
    return b.nodes()



@converts('CReLU')
def convert_CReLU(params):
    b = Builder(params)
    x = b.inputs[0]
    axis = params.func.axis % len(b.in_shape())
    b.output('Concat', [b.op('Relu', [x]), b.op('Relu', [b.op('Neg', [x])])], axis=axis)
    return b.nodes()


@converts('RReLU')
def convert_RReLU(params):
    """At inference the slope is the middle of [lower, upper]."""
    func = params.func
    b = Builder(params)
    b.output('LeakyRelu', b.inputs, alpha=(float(func.lower) + float(func.upper)) / 2)
    return b.nodes()
