"""utils.error, utils._collections, utils.imgproc and utils.conv_nd_kernel."""

import collections

import numpy
import pytest

from kusari import utils
from kusari.utils import _collections, conv_nd_kernel, error, imgproc


def test_format_array_props():
    arrays = [numpy.zeros((2, 3), numpy.float32), None, numpy.zeros((), numpy.int64)]
    assert error._format_array_props(arrays) == '(2, 3):float32, None, ():int64'
    assert utils._format_array_props is error._format_array_props


def test_ordered_dict_is_the_standard_one():
    assert _collections.OrderedDict is collections.OrderedDict


def test_oversample_crops_corners_centre_and_mirrors():
    images = numpy.arange(2 * 1 * 4 * 5, dtype=numpy.float32).reshape(2, 1, 4, 5)
    crops = imgproc.oversample(list(images), (2, 3))
    assert crops.shape == (20, 1, 2, 3) and crops.dtype == numpy.float32
    image = images[1]
    expected = [image[:, :2, :3], image[:, :2, 2:], image[:, 2:, :3], image[:, 2:, 2:],
                image[:, 1:3, 1:4]]
    expected += [crop[:, :, ::-1] for crop in expected]
    numpy.testing.assert_array_equal(crops[10:], expected)
    numpy.testing.assert_array_equal(imgproc.oversample(images, (2, 3)), crops)


def test_c_expression_helpers():
    assert conv_nd_kernel.mulexp(['a', 'b', 'c']) == 'a * b * c'
    assert conv_nd_kernel.mulexp(['a'], 'c0') == 'c0 * a'
    assert conv_nd_kernel.andexp(['p', 'q']) == 'p && q'
    assert conv_nd_kernel.muladdexp(['k_0', 'k_1'], ['x_0', 'x_1'], 'c0') == \
        '(x_1 + k_1 * (x_0 + k_0 * c0))'
    assert conv_nd_kernel.muladdexp(['k_0', 'k_1'], ['x_0', 'x_1']) == '(x_1 + k_1 * x_0)'
    assert conv_nd_kernel.map_(lambda a, b: a + b, ['a', 'b'], ['1', '2']) == ['a1', 'b2']
    assert conv_nd_kernel.succ_sublists([1, 2, 3]) == [[1, 2, 3], [2, 3], [3]]
    assert conv_nd_kernel.vars('out', 2) == ['out_0', 'out_1']


def test_writer_indents_blocks():
    w = conv_nd_kernel.Writer()
    w.write('if (a) {', 'inc')
    w.write('b;')
    w.write('} else {', 'decinc')
    w.write('c;')
    w.write('}', 'dec')
    assert w.get() == 'if (a) {\n  b;\n} else {\n  c;\n}'


@pytest.mark.parametrize('kernel', [conv_nd_kernel.Im2colNDKernel,
                                    conv_nd_kernel.Col2imNDKernel])
def test_kernel_generators_say_kusari_has_none(kernel):
    with pytest.raises(NotImplementedError, match=kernel.__name__ + '.generate: .*CuPy array'):
        kernel.generate(2)
