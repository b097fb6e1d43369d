"""Runs an exported test case in onnxruntime and compares with the recorded outputs."""

import glob
import os


def load_test_data(data_dir, input_names, output_names):
    """``(inputs, outputs)``: dicts of the arrays of ``data_dir`` keyed by value name.

    A tensor whose name is not among the names takes the next unused one.
    """
    import onnx

    loaded = []
    for kind, names in (('input', input_names), ('output', output_names)):
        names = list(names)
        values = {}
        for path in sorted(glob.glob(os.path.join(data_dir, '{}_*.pb'.format(kind)))):
            tensor = onnx.load_tensor(path)
            if tensor.name in names:
                names.remove(tensor.name)
                name = tensor.name
            else:
                name = names.pop(0)
            values[name] = onnx.numpy_helper.to_array(tensor)
        loaded.append(values)
    return tuple(loaded)


def check_model_expect(test_path, input_names=None, rtol=1e-5, atol=1e-5):
    """Runs ``test_path/model.onnx`` on each of its test data sets and checks the outputs.

    ``input_names``: the graph inputs expected (onnxruntime's must equal them).
    """
    import numpy
    import onnxruntime

    with open(os.path.join(test_path, 'model.onnx'), 'rb') as f:
        session = onnxruntime.InferenceSession(f.read(), providers=['CPUExecutionProvider'])
    rt_inputs = [v.name for v in session.get_inputs()]
    rt_outputs = [v.name for v in session.get_outputs()]
    if input_names is not None:
        assert sorted(input_names) == sorted(rt_inputs)
    for data_set in sorted(p for p in os.listdir(test_path) if p.startswith('test_data_set_')):
        inputs, outputs = load_test_data(os.path.join(test_path, data_set), rt_inputs,
                                         rt_outputs)
        actual = session.run(list(outputs), inputs)
        for expected, got in zip(outputs.values(), actual):
            numpy.testing.assert_allclose(expected, got, rtol=rtol, atol=atol)
