"""A whole network of kusari's model zoo, exported and run in onnxruntime."""

import numpy
import pytest

import kusari
from kusari.links.model.vision.resnet import ResNet50Layers
from tests.onnx.conftest import check_export


class _Layers(kusari.Chain):
    """The net's outputs of the given layers, as a tuple."""

    def __init__(self, net, layers):
        super().__init__()
        self.layers = layers
        with self.init_scope():
            self.net = net

    def forward(self, x):
        outputs = self.net(x, layers=self.layers)
        return tuple(outputs[name] for name in self.layers)


@pytest.mark.slow
def test_resnet50_with_random_weights():
    model = _Layers(ResNet50Layers(pretrained_model=None), ['pool5', 'fc6'])
    x = numpy.random.RandomState(0).uniform(-1, 1, (1, 3, 224, 224)).astype(numpy.float32)
    # float32 sums over thousands of terms of values up to ~1e3 (untrained weights)
    check_export(model, x, opsets=[7, kusari.onnx.MAXIMUM_OPSET_VERSION], rtol=1e-4,
                 atol=1e-3)
