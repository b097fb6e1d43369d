"""Shared by the ONNX export tests: they need onnx and onnxruntime, and skip without them."""

import numpy
import pytest

import kusari
import kusari.onnx

onnx = pytest.importorskip('onnx')
onnxruntime = pytest.importorskip('onnxruntime')

OPSETS = range(kusari.onnx.MINIMUM_OPSET_VERSION, kusari.onnx.MAXIMUM_OPSET_VERSION + 1)


@pytest.fixture(autouse=True)
def no_experimental_warning():
    # export's return_named_inout and external_converters are experimental, as in Chainer
    saved = kusari.disable_experimental_feature_warning
    kusari.disable_experimental_feature_warning = True
    yield
    kusari.disable_experimental_feature_warning = saved


def run_onnx(onnx_model, feeds):
    """The outputs of the model in onnxruntime, by output name."""
    session = onnxruntime.InferenceSession(onnx_model.SerializeToString(),
                                           providers=['CPUExecutionProvider'])
    names = [o.name for o in session.get_outputs()]
    return dict(zip(names, session.run(names, feeds)))


def check_export(model, args, opsets=OPSETS, rtol=1e-5, atol=1e-5, **kwargs):
    """Exports ``model`` on ``args`` for each opset and checks onnxruntime's outputs
    against kusari's."""
    for opset in opsets:
        onnx_model, inputs, outputs = kusari.onnx.export(
            model, args, opset_version=opset, return_named_inout=True, **kwargs)
        got = run_onnx(onnx_model, {name: var.array for name, var in inputs.items()})
        assert list(got) == list(outputs)
        for name, var in outputs.items():
            numpy.testing.assert_allclose(got[name], var.array, rtol=rtol, atol=atol,
                                          err_msg='opset {}, output {}'.format(opset, name))
