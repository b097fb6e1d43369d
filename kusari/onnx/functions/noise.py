"""Dropout: the exported model is for inference, where it passes values through."""

from kusari.onnx.functions.converter import Builder, converts


@converts('Dropout')
def convert_Dropout(params):
    b = Builder(params)
    ratio = float(getattr(params.func, 'dropout_ratio', getattr(params.func, 'ratio', 0.5)))
    if b.opset < 12:
        b.output('Dropout', b.inputs, ratio=ratio)
    else:
        b.output('Dropout', [b.inputs[0], b.const(ratio, params.func.inputs[0].dtype)])
    return b.nodes()
