"""A Chainer user's own test file: a custom link checked with
``chainer.testing.LinkTestCase`` and ``LinkInitializersTestCase``, and an
old-style ``chainer.Function`` checked with ``chainer.gradient_check``.

Not collected by kusari's test suite (its name does not start with ``test_``):
``tests/compat/test_compact_examples.py`` copies it into a temporary folder as a
test file and runs pytest there with ``-p kusari.compat``.
"""
import unittest

import numpy

import chainer
from chainer import gradient_check
from chainer import initializers
from chainer import testing
from chainer.testing import attr
from chainer.testing import condition
from chainer.utils import type_check


class ScaledAffine(chainer.Link):
    """y = scale * x W^T + b, with W and b learned and the scale fixed."""

    def __init__(self, in_size, out_size, scale=2.0, initialW=None, initial_bias=None):
        super(ScaledAffine, self).__init__()
        self.scale = scale
        if initialW is None:
            initialW = initializers.LeCunNormal()
        if initial_bias is None:
            initial_bias = 0
        with self.init_scope():
            self.W = chainer.Parameter(initialW, (out_size, in_size))
            self.b = chainer.Parameter(initial_bias, (out_size,))

    def forward(self, x):
        return chainer.functions.linear(x, self.W * self.scale, self.b)


@testing.parameterize(*testing.product({
    'dtype': [numpy.float32, numpy.float64],
    'batch': [1, 4],
}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestScaledAffine(testing.LinkTestCase):

    param_names = ('W', 'b')

    def setUp(self):
        if self.dtype == numpy.float32:
            self.check_backward_options = {'atol': 5e-3, 'rtol': 5e-3}

    def generate_params(self):
        W = numpy.random.uniform(-1, 1, (2, 3)).astype(self.dtype)
        b = numpy.random.uniform(-1, 1, (2,)).astype(self.dtype)
        return W, b

    def create_link(self, initializers):
        W, b = initializers
        # Initial arrays are cast to the default dtype, as in any Chainer link.
        with chainer.using_config('dtype', self.dtype):
            return ScaledAffine(3, 2, scale=1.5, initialW=W, initial_bias=b)

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, (self.batch, 3)).astype(self.dtype),

    def forward_expected(self, link, inputs):
        x, = inputs
        y = 1.5 * x.dot(link.W.array.T) + link.b.array
        return y.astype(self.dtype),


@testing.inject_backend_tests(None, [{}])
class TestScaledAffineInitializers(testing.LinkInitializersTestCase):

    param_names = ('W', 'b')

    def generate_params(self):
        return (numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32),
                numpy.random.uniform(-1, 1, (2,)).astype(numpy.float32))

    def create_link(self, initializers):
        W, b = initializers
        return ScaledAffine(3, 2, initialW=W, initial_bias=b)

    def generate_inputs(self):
        return numpy.ones((1, 3), numpy.float32),

    def get_initializers(self):
        return ([initializers.Constant(0.25), 0.5, numpy.full((2, 3), 3., numpy.float32)],
                [initializers.Zero(), 1.25, testing.InitializerArgument(None, 0)])


class Cube(chainer.Function):
    """y = x ** 3, written the pre-v3 way (a Function, not a FunctionNode)."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        return x ** 3,

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        return 3 * x * x * gy,


class TestCube(unittest.TestCase):

    def setUp(self):
        self.x = numpy.random.uniform(.5, 1, (3, 2))
        self.gy = numpy.random.uniform(-1, 1, (3, 2))

    def test_forward(self):
        y = Cube()(chainer.Variable(self.x))
        testing.assert_allclose(y.array, self.x ** 3)

    @condition.retry(3)
    def test_backward(self):
        gradient_check.check_backward(Cube(), self.x, self.gy, dtype=numpy.float64)

    def test_type_error_names_the_condition(self):
        with self.assertRaises(type_check.InvalidType) as info:
            Cube()(numpy.zeros(2, numpy.int32))
        self.assertIn('Expect: in_types[0].dtype.kind == f\nActual: i != f',
                      str(info.exception))

    def test_numerical_grad_matches_formula(self):
        x = self.x.copy()
        gx, = gradient_check.numerical_grad(lambda: (x ** 3,), (x,), (self.gy,))
        testing.assert_allclose(gx, 3 * x * x * self.gy, atol=1e-4, rtol=1e-4)


class TestLinkSerialization(unittest.TestCase):

    @testing.fix_random()
    def test_save_and_load_npz(self):
        src = ScaledAffine(3, 2)
        dst = ScaledAffine(3, 2)
        testing.save_and_load_npz(src, dst)
        testing.assert_allclose(dst.W.array, src.W.array, atol=0, rtol=0)

    @attr.gpu
    def test_to_gpu(self):
        link = ScaledAffine(3, 2)
        link.to_gpu()
        self.assertEqual(link.device.xp.__name__, 'cupy')


testing.run_module(__name__, __file__)
