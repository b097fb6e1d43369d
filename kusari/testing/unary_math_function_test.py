"""Ready-made tests for unary elementwise math functions (Chainer's decorator)."""

import warnings

import numpy

from kusari.testing import array as array_module
from kusari.testing.backend import BackendConfig, _backend_test_method
from kusari.testing.parameterized import parameterize, product

# float16 inputs carry ~3 significant digits, so compare at that precision.
_FLOAT16_OPTIONS = {'atol': 5e-3, 'rtol': 5e-3}


def _default_make_data(shape, dtype):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    gy = numpy.random.uniform(-1, 1, shape).astype(dtype)
    ggx = numpy.random.uniform(-1, 1, shape).astype(dtype)
    return x, gy, ggx


def _as_callable(func):
    """A callable on Variables; ``func`` may also be a Function(Node) class."""
    if not isinstance(func, type):
        return func

    def call(x):
        node = func()
        if hasattr(node, 'apply'):
            return node.apply((x,))[0]
        return node(x)
    return call


def unary_math_function_unittest(func, func_expected=None, label_expected=None,
                                 make_data=None, is_linear=None, forward_options=None,
                                 backward_options=None, double_backward_options=None):
    """Class decorator adding forward/backward/double-backward tests of ``func``.

    The class (a ``unittest.TestCase``) is parameterized over shapes
    ``(3, 2)`` and ``()`` and dtypes float16/32/64, and gets
    ``test_forward``, ``test_backward`` and ``test_double_backward`` on the CPU
    and (marked ``gpu``) on a GPU.

    Args:
        func: the function under test, or a Function/FunctionNode class.
        func_expected: the reference, called as ``func_expected(x, dtype=x.dtype)``
            on a NumPy array; by default the NumPy function named like ``func``.
        label_expected (str): expected ``label`` of a Function(Node) class
            ``func`` (checked by ``test_label``); defaults to its name.
        make_data: ``make_data(shape, dtype) -> (x, gy, ggx)``; uniform in
            [-1, 1] by default.
        is_linear: deprecated and ignored; linear functions need nothing
            special.
        forward_options (dict): keyword arguments of ``assert_allclose``.
        backward_options (dict): keyword arguments of ``check_backward``.
        double_backward_options (dict): keyword arguments of
            ``check_double_backward``.
    """
    if is_linear is not None:
        warnings.warn('is_linear option is deprecated', DeprecationWarning, stacklevel=2)
    name = getattr(func, '__name__', None)
    if func_expected is None:
        func_expected = getattr(numpy, name, None)
        if func_expected is None:
            raise ValueError('unary_math_function_unittest: numpy has no {!r}; pass '
                             'func_expected'.format(name))
    if label_expected is None:
        label_expected = name
    make_data = make_data or _default_make_data
    call = _as_callable(func)

    def decorator(klass):
        original_setup = klass.setUp

        def setUp(self):
            original_setup(self)
            self.x, self.gy, self.ggx = make_data(self.shape, self.dtype)
            low_precision = self.dtype == numpy.float16
            self.forward_options = dict(_FLOAT16_OPTIONS if low_precision else {})
            self.forward_options.update(forward_options or {})
            self.backward_options = {'dtype': numpy.float64}
            if low_precision:
                self.backward_options.update(atol=1e-2, rtol=1e-2)
            self.backward_options.update(backward_options or {})
            self.double_backward_options = {'dtype': numpy.float64}
            if low_precision:
                self.double_backward_options.update(atol=5e-2, rtol=5e-2)
            self.double_backward_options.update(double_backward_options or {})

        def test_forward(self, backend_config):
            from kusari.core import Variable
            x = backend_config.get_array(self.x)
            with backend_config:
                y = call(Variable(x))
            self.assertEqual(y.array.dtype, self.x.dtype)
            expected = numpy.asarray(func_expected(self.x.copy(), dtype=self.x.dtype),
                                     dtype=self.x.dtype)
            array_module.assert_allclose(y.array, expected, **self.forward_options)

        def test_backward(self, backend_config):
            from kusari import gradient_check
            x, gy = backend_config.get_array((self.x, self.gy))
            with backend_config:
                gradient_check.check_backward(call, x, gy, **self.backward_options)

        def test_double_backward(self, backend_config):
            from kusari import gradient_check
            x, gy, ggx = backend_config.get_array((self.x, self.gy, self.ggx))
            with backend_config:
                gradient_check.check_double_backward(
                    call, x, gy, ggx, **self.double_backward_options)

        def test_label(self):
            self.assertEqual(func().label, label_expected)

        klass.setUp = setUp
        # Chainer's names: test_forward_cpu, test_forward_gpu (gpu-marked), ...
        for test in (test_forward, test_backward, test_double_backward):
            for device, params in (('cpu', {}), ('gpu', {'use_cuda': True})):
                name = '{}_{}'.format(test.__name__, device)
                setattr(klass, name, _backend_test_method(test, BackendConfig(params), name))
        if isinstance(func, type):
            klass.test_label = test_label
        return parameterize(*product({
            'shape': [(3, 2), ()],
            'dtype': [numpy.float16, numpy.float32, numpy.float64],
        }))(klass)
    return decorator
