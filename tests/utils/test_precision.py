import numpy

import kusari
from kusari.utils import precision


class Record(kusari.FunctionNode):

    @precision._fp16_mixed_precision_helper
    def forward(self, inputs):
        self.seen = inputs
        return inputs


def test_float16_computed_in_float32_and_cast_back():
    x = (numpy.ones(2, numpy.float16), numpy.ones(2, numpy.int8))
    node = Record()
    y = node.apply(x)
    assert [a.dtype for a in node.seen] == [numpy.float32, numpy.int8]
    assert [v.dtype for v in y] == [numpy.float16, numpy.int8]


def test_other_floats_pass_through():
    x = (numpy.ones(2, numpy.float32), numpy.ones(2, numpy.float16))
    node = Record()
    y = node.apply(x)
    assert node.seen[0] is x[0]
    # A float32 input is present, so float32 outputs stay float32.
    assert [v.dtype for v in y] == [numpy.float32, numpy.float32]
