"""``export_testcase``: the model with an input/output pair, as ONNX's test cases are laid out."""

import os
import warnings

import kusari


def export_testcase(model, args, out_dir, output_grad=False, **kwargs):
    """Exports a model and its inputs and outputs in ONNX's test-case layout.

    Writes ``out_dir/model.onnx`` and, under ``out_dir/test_data_set_0``, the
    inputs and outputs of the model's forward on ``args`` as ``input_<i>.pb``
    and ``output_<i>.pb`` (``TensorProto`` named as in the graph).

    Args:
        model (~kusari.Chain): the model.
        args: its arguments, as :func:`export` takes them.
        out_dir (str): the directory (made if missing).
        output_grad (bool): also run backward from outputs of ones and write
            the gradient of each parameter as ``gradient_<i>.pb``.
        **kwargs: passed to :func:`export`.
    """
    from kusari.onnx.export import export
    from kusari.onnx.onnx_helper import cleanse_param_name, write_tensor_pb

    os.makedirs(out_dir, exist_ok=True)
    model.cleargrads()
    _, inputs, outputs = export(
        model, args, filename=os.path.join(out_dir, 'model.onnx'), return_named_inout=True,
        no_testcase=True, **kwargs)

    data_dir = os.path.join(out_dir, 'test_data_set_0')
    os.makedirs(data_dir, exist_ok=True)
    for kind, values in (('input', inputs), ('output', outputs)):
        for i, (name, var) in enumerate(values.items()):
            write_tensor_pb(os.path.join(data_dir, '{}_{}.pb'.format(kind, i)), name,
                            kusari.cuda.to_cpu(var.array))

    if output_grad:
        ys = list(outputs.values())
        kusari.backward(ys, [model.xp.ones_like(y.array) for y in ys])
        for i, (path, param) in enumerate(model.namedparams()):
            if param.grad is None:
                warnings.warn('Parameter `{}` does not have gradient value'.format(path),
                              stacklevel=2)
                continue
            write_tensor_pb(os.path.join(data_dir, 'gradient_{}.pb'.format(i)),
                            cleanse_param_name(path), kusari.cuda.to_cpu(param.grad))
