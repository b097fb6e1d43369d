import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(3)


@pytest.mark.parametrize('stride, pad', [(1, 0), (2, 1), ((1, 2), (0, 1))])
def test_depthwise_convolution_2d(stride, pad, reference_convolution):
    def reference(x, W, b):
        # Channel c * c_M + m is channel c convolved with W[m, c].
        m, c = W.shape[:2]
        per_channel = [reference_convolution(x[:, i:i + 1], W[j, i][None, None], None,
                                             stride, pad) for i in range(c) for j in range(m)]
        return numpy.concatenate(per_channel, axis=1) + b.reshape(1, -1, 1, 1)

    inputs = (rng.uniform(-1, 1, (2, 3, 5, 6)), rng.uniform(-1, 1, (2, 3, 3, 2)),
              rng.uniform(-1, 1, 6))
    check_function(lambda x, W, b: F.depthwise_convolution_2d(x, W, b, stride, pad), inputs,
                   reference, forward_options={numpy.float16: {'atol': 1e-2, 'rtol': 1e-2}})


def test_channel_mismatch():
    with pytest.raises(InvalidType, match='depthwise_convolution_2d: invalid shapes of x and W'):
        F.depthwise_convolution_2d(numpy.zeros((1, 3, 4, 4), 'f'), numpy.zeros((2, 2, 3, 3), 'f'))
