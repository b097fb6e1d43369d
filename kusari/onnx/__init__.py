"""ONNX export (Chainer's ``onnx_chainer``; ``import onnx_chainer`` under kusari.compat).

:func:`export` runs a model once and converts the graph it recorded, function
node by function node, to an ONNX model; :func:`export_testcase` also writes
the inputs and outputs of that run as ONNX test data. Converters are keyed by
function node class name (Chainer's), and ``external_converters`` adds or
replaces them. The ``onnx`` package is needed only when exporting (``pip
install 'kusari[onnx]'``).
"""

from kusari.onnx.export import MAXIMUM_OPSET_VERSION, MINIMUM_OPSET_VERSION  # NOQA
from kusari.onnx.export import convert_parameter, export  # NOQA
from kusari.onnx.export_testcase import export_testcase  # NOQA
