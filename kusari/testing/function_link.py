"""Class-based function and link tests (Chainer's ``FunctionTestCase`` & co.).

A subclass describes the function under test (``generate_inputs``,
``forward``, ``forward_expected``) and inherits ``test_forward``,
``test_backward`` and ``test_double_backward``, which take a
``backend_config``: decorate the class with
:func:`~kusari.testing.inject_backend_tests`. Inputs, output gradients and
second-order gradients are made non-contiguous unless ``contiguous = 'C'``;
gradients are checked numerically in ``numerical_grad_dtype`` (float64).
"""

import contextlib
import unittest

import numpy

from kusari.testing import array as array_module
from kusari.utils.error import _format_array_props


class _TestError(AssertionError):
    """Base of the errors saying that the code under test is wrong."""

    @classmethod
    def check(cls, expr, message):
        if not expr:
            raise cls(message)

    @classmethod
    def fail(cls, message, exc=None):
        if exc is not None:
            raise cls(message) from exc
        raise cls(message)

    @classmethod
    @contextlib.contextmanager
    def raise_if_fail(cls, message, error_types=AssertionError):
        """Context turning ``error_types`` into this error, with ``message``."""
        try:
            yield
        except error_types as e:
            cls.fail('{}\n\n{}'.format(message, e), e)


class FunctionTestError(_TestError):
    """The function under test is implemented incorrectly."""


class LinkTestError(_TestError):
    """The link under test is implemented incorrectly."""


class InitializerArgument:
    """A link constructor argument and the initializer it stands for.

    For :meth:`LinkInitializersTestCase.get_initializers` entries whose
    argument is not itself an initializer, e.g. ``InitializerArgument(None,
    0)`` when passing None makes the link fill zeros.

    Args:
        argument_value: the value passed to the link's constructor.
        expected_initializer: the initializer-like the link should use.
    """

    def __init__(self, argument_value, expected_initializer):
        if expected_initializer is None:
            raise ValueError('InitializerArgument: expected_initializer cannot be None')
        _check_initializer_like(expected_initializer)
        self.argument_value = argument_value
        self.expected_initializer = expected_initializer


def _check_initializer_like(init):
    if not (callable(init) or numpy.isscalar(init) or isinstance(init, numpy.ndarray)):
        raise TypeError('expected an initializer, a scalar or an array, not {!r}'.format(init))


def _check_array_types(arrays, device, func_name):
    if not isinstance(arrays, tuple):
        raise TypeError('{}() must return a tuple, not {}'.format(
            func_name, type(arrays).__name__))
    if not all(a is None or isinstance(a, device.supported_array_types) for a in arrays):
        hint = ''
        if any(isinstance(a, numpy.generic) for a in arrays):
            hint = ' (NumPy returns scalars from 0-dim operations: wrap with numpy.asarray)'
        raise TypeError('{}() must return a tuple of arrays supported by device {} or None; '
                        'got {}{}'.format(func_name, device,
                                          tuple(type(a).__name__ for a in arrays), hint))


def _check_variable_types(outputs, device, func_name, error_class):
    from kusari.core import Variable
    if not isinstance(outputs, tuple):
        error_class.fail('{}() must return a tuple, not {}'.format(
            func_name, type(outputs).__name__))
    if not all(isinstance(y, Variable) for y in outputs):
        error_class.fail('{}() must return a tuple of Variables; got {}'.format(
            func_name, ', '.join(type(y).__name__ for y in outputs)))
    if not all(isinstance(y.array, device.supported_array_types) for y in outputs):
        error_class.fail('{}() must return Variables holding arrays of device {}; got {}'.format(
            func_name, device, ', '.join(type(y.array).__name__ for y in outputs)))


def _check_arrays_equal(actual, expected, error_class, **options):
    """Raises ``error_class`` unless the arrays match in number, shape, dtype, values."""
    message = None
    details = ''
    if len(actual) != len(expected):
        message = 'Number of outputs ({}, {}) does not match'.format(len(actual), len(expected))
    elif not all(a.shape == e.shape and a.dtype == e.dtype for a, e in zip(actual, expected)):
        message = 'Shapes and/or dtypes do not match'
    else:
        errors = []
        for i, (a, e) in enumerate(zip(actual, expected)):
            try:
                array_module.assert_allclose(a, e, **options)
            except AssertionError as error:
                errors.append((i, error))
        if errors:
            message = ('Outputs do not match the expected values.\n'
                       'Indices of outputs that do not match: {}'.format(
                           ', '.join(str(i) for i, _ in errors)))
            details = '\n\n' + '\n'.join(
                'Error details of output [{}]:\n{}'.format(i, e) for i, e in errors)
    if message is not None:
        error_class.fail('{}\nExpected shapes and dtypes: {}\nActual shapes and dtypes:   {}{}'
                         .format(message, _format_array_props(expected),
                                 _format_array_props(actual), details))


def _cpu_device():
    from kusari import backend
    return backend.CpuDevice()


def _random_like(arrays):
    return tuple(None if a is None else
                 numpy.random.uniform(-1, 1, a.shape).astype(a.dtype) for a in arrays)


def _retry_while_nondifferentiable(check, enabled):
    from kusari import gradient_check
    if not enabled:
        check()
        return
    while True:
        try:
            check()
        except gradient_check.NondifferentiableError:
            continue
        return


class _ContiguityMixin:

    contiguous = None

    def _to_noncontiguous_as_needed(self, arrays):
        if self.contiguous is None:
            return array_module._as_noncontiguous_array(arrays)
        if self.contiguous == 'C':
            return arrays
        raise ValueError("contiguous must be None or 'C', not {!r}".format(self.contiguous))


class FunctionTestBase(_ContiguityMixin):
    """The test logic of :class:`FunctionTestCase`, without ``unittest``."""

    backend_config = None
    check_forward_options = None
    check_backward_options = None
    check_double_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    skip_double_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.check_forward_options = {}
        self.check_backward_options = {}
        self.check_double_backward_options = {}

    def before_test(self, test_name):
        """Called before each test; raise ``unittest.SkipTest`` to skip it."""

    def forward(self, inputs, device):
        """Applies the function under test to a tuple of Variables."""
        raise NotImplementedError('forward() is not implemented.')

    def forward_expected(self, inputs):
        """Expected outputs (tuple of NumPy arrays) for NumPy ``inputs``."""
        raise NotImplementedError('forward_expected() is not implemented.')

    def generate_inputs(self):
        """A tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs() is not implemented.')

    def generate_grad_outputs(self, outputs_template):
        """Output gradients shaped like ``outputs_template`` (uniform in [-1, 1])."""
        return _random_like(outputs_template)

    def generate_grad_grad_inputs(self, inputs_template):
        """Second-order input gradients shaped like ``inputs_template``."""
        return _random_like(inputs_template)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Raises FunctionTestError unless ``outputs`` match the expectation."""
        _check_arrays_equal(outputs, expected_outputs, FunctionTestError,
                            **self.check_forward_options)

    def _generate_inputs(self):
        inputs = self.generate_inputs()
        _check_array_types(inputs, _cpu_device(), 'generate_inputs')
        return inputs

    def _generate_grad_outputs(self, outputs_template):
        grad_outputs = self.generate_grad_outputs(outputs_template)
        _check_array_types(grad_outputs, _cpu_device(), 'generate_grad_outputs')
        return grad_outputs

    def _generate_grad_grad_inputs(self, inputs_template):
        grad_grad_inputs = self.generate_grad_grad_inputs(inputs_template)
        _check_array_types(grad_grad_inputs, _cpu_device(), 'generate_grad_grad_inputs')
        return grad_grad_inputs

    def _forward_expected(self, inputs):
        outputs = self.forward_expected(inputs)
        _check_array_types(outputs, _cpu_device(), 'forward_expected')
        return outputs

    def _forward(self, inputs, backend_config):
        with backend_config:
            outputs = self.forward(inputs, backend_config.device)
        _check_variable_types(outputs, backend_config.device, 'forward', FunctionTestError)
        return outputs

    def _start(self, test_name, backend_config, skip):
        if skip:
            raise unittest.SkipTest('skip_{} is set'.format(test_name[len('test_'):] + '_test'))
        self.backend_config = backend_config
        self.test_name = test_name
        self.before_test(test_name)

    def run_test_forward(self, backend_config):
        """Checks forward outputs against ``forward_expected``."""
        from kusari.core import Variable
        self._start('test_forward', backend_config, self.skip_forward_test)
        cpu_inputs = self._to_noncontiguous_as_needed(self._generate_inputs())
        cpu_expected = self._forward_expected(tuple(x.copy() for x in cpu_inputs))
        inputs = self._to_noncontiguous_as_needed(backend_config.get_array(cpu_inputs))
        inputs_before = [array_module._to_numpy(x).copy() for x in inputs]
        outputs = self._forward(
            tuple(Variable(x, requires_grad=x.dtype.kind == 'f') for x in inputs),
            backend_config)
        modified = [i for i, (x, before) in enumerate(zip(inputs, inputs_before))
                    if not numpy.array_equal(array_module._to_numpy(x), before, equal_nan=True)]
        if modified:
            FunctionTestError.fail(
                'Input arrays have been modified during forward.\n'
                'Indices of modified inputs: {}\nInput array shapes and dtypes: {}'.format(
                    ', '.join(map(str, modified)), _format_array_props(inputs)))
        self.check_forward_outputs(tuple(y.array for y in outputs), cpu_expected)

    def run_test_backward(self, backend_config):
        """Checks first-order gradients numerically."""
        from kusari import gradient_check
        self._start('test_backward', backend_config, self.skip_backward_test)

        def f(*args):
            return self._forward(args, backend_config)

        def check():
            inputs = self._generate_inputs()
            grad_outputs = self._generate_grad_outputs(self._forward_expected(inputs))
            inputs = self._to_noncontiguous_as_needed(backend_config.get_array(inputs))
            grad_outputs = self._to_noncontiguous_as_needed(
                backend_config.get_array(grad_outputs))
            with FunctionTestError.raise_if_fail('backward is not implemented correctly'):
                gradient_check.check_backward(
                    f, inputs, grad_outputs, dtype=self.numerical_grad_dtype,
                    detect_nondifferentiable=self.dodge_nondifferentiable,
                    **self.check_backward_options)
        _retry_while_nondifferentiable(check, self.dodge_nondifferentiable)

    def run_test_double_backward(self, backend_config):
        """Checks second-order gradients numerically."""
        from kusari import gradient_check
        self._start('test_double_backward', backend_config, self.skip_double_backward_test)

        def f(*args):
            return self._forward(args, backend_config)

        def check():
            inputs = self._generate_inputs()
            grad_outputs = self._generate_grad_outputs(self._forward_expected(inputs))
            # Only float inputs have gradients, hence second-order ones.
            grad_grad_inputs = tuple(
                g for g in self._generate_grad_grad_inputs(inputs)
                if g is None or g.dtype.kind == 'f')
            inputs, grad_outputs, grad_grad_inputs = (
                self._to_noncontiguous_as_needed(backend_config.get_array(a))
                for a in (inputs, grad_outputs, grad_grad_inputs))
            with FunctionTestError.raise_if_fail('double backward is not implemented correctly'):
                gradient_check.check_double_backward(
                    f, inputs, grad_outputs, grad_grad_inputs,
                    dtype=self.numerical_grad_dtype,
                    detect_nondifferentiable=self.dodge_nondifferentiable,
                    **self.check_double_backward_options)
        _retry_while_nondifferentiable(check, self.dodge_nondifferentiable)


class FunctionTestCase(FunctionTestBase, unittest.TestCase):
    """Base class of function tests: forward, backward and double backward.

    Required methods: ``generate_inputs(self)`` (tuple of NumPy arrays),
    ``forward(self, inputs, device)`` (tuple of Variables from a tuple of
    Variables) and ``forward_expected(self, inputs)`` (tuple of NumPy arrays).
    Optional: ``before_test``, ``generate_grad_outputs``,
    ``generate_grad_grad_inputs``, ``check_forward_outputs``.

    Attributes (class or set in ``setUp``): ``check_forward_options``,
    ``check_backward_options``, ``check_double_backward_options`` (keyword
    arguments of ``assert_allclose``/``check_backward``/
    ``check_double_backward``), ``skip_forward_test``,
    ``skip_backward_test``, ``skip_double_backward_test``,
    ``dodge_nondifferentiable`` (resample inputs at non-differentiable
    points), ``numerical_grad_dtype`` (float64) and ``contiguous`` (None:
    non-contiguous arrays, ``'C'``: C-contiguous).

    Example::

        @testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
        class TestReLU(testing.FunctionTestCase):
            dodge_nondifferentiable = True

            def generate_inputs(self):
                return numpy.random.uniform(-1, 1, (2, 3)).astype(numpy.float32),

            def forward(self, inputs, device):
                return F.relu(*inputs),

            def forward_expected(self, inputs):
                return numpy.maximum(inputs[0], 0),
    """

    def test_forward(self, backend_config):
        """Tests forward computation."""
        self.run_test_forward(backend_config)

    def test_backward(self, backend_config):
        """Tests backward computation."""
        self.run_test_backward(backend_config)

    def test_double_backward(self, backend_config):
        """Tests double-backward computation."""
        self.run_test_double_backward(backend_config)


def _initializer_argument_value(init):
    return init.argument_value if isinstance(init, InitializerArgument) else init


def _check_generated_initializer(init):
    if isinstance(init, InitializerArgument):
        init = init.expected_initializer
    elif init is None:
        raise ValueError('a None initializer must be wrapped in an InitializerArgument '
                         'together with the initializer the link falls back to')
    _check_initializer_like(init)


class _LinkTestBase(_ContiguityMixin):

    backend_config = None
    param_names = ()

    def before_test(self, test_name):
        """Called before each test; raise ``unittest.SkipTest`` to skip it."""

    def generate_params(self):
        """A tuple of initializer-likes, one per link constructor parameter."""
        raise NotImplementedError('generate_params is not implemented.')

    def generate_inputs(self):
        """A tuple of NumPy input arrays."""
        raise NotImplementedError('generate_inputs is not implemented.')

    def create_link(self, initializers):
        """The link under test, built with ``initializers``."""
        raise NotImplementedError('create_link is not implemented.')

    def forward(self, link, inputs, device):
        """Applies the link to a tuple of Variables; returns a tuple."""
        outputs = link(*inputs)
        return outputs if isinstance(outputs, tuple) else (outputs,)

    def check_forward_outputs(self, outputs, expected_outputs):
        """Raises LinkTestError unless ``outputs`` match the expectation."""
        _check_arrays_equal(outputs, expected_outputs, LinkTestError,
                            **self.check_forward_options)

    def _generate_params(self):
        inits = self.generate_params()
        if not isinstance(inits, (tuple, list)):
            raise TypeError('generate_params() must return a tuple or a list')
        for init in inits:
            _check_generated_initializer(init)
        return inits

    def _generate_inputs(self):
        inputs = self.generate_inputs()
        _check_array_types(inputs, _cpu_device(), 'generate_inputs')
        return inputs

    def _create_link(self, initializers, backend_config):
        from kusari.link import Link
        link = self.create_link(initializers)
        if not isinstance(link, Link):
            raise TypeError('create_link() must return a Link, not {}'.format(
                type(link).__name__))
        link.to_device(backend_config.device)
        return link

    def _forward(self, link, inputs, backend_config):
        with backend_config:
            outputs = self.forward(link, inputs, backend_config.device)
        _check_variable_types(outputs, backend_config.device, 'forward', LinkTestError)
        return outputs

    def _create_initialized_link(self, inits, backend_config):
        """A link whose (possibly lazy) parameters were set by one forward pass."""
        from kusari.core import Variable
        link = self._create_link([_initializer_argument_value(i) for i in inits],
                                 backend_config)
        inputs = self._to_noncontiguous_as_needed(
            backend_config.get_array(self._generate_inputs()))
        outputs = self._forward(link, tuple(Variable(x) for x in inputs), backend_config)
        link.cleargrads()
        return link, inputs, [y.array for y in outputs]

    def _link_params(self, link):
        params = []
        for name in self.param_names:
            param = getattr(link, name, None)
            if param is None:
                LinkTestError.fail("Link does not have a parameter named '{}'".format(name))
            params.append(param)
        return params


class LinkTestCase(_LinkTestBase, unittest.TestCase):
    """Base class of link tests: forward and backward (inputs and parameters).

    Required methods: ``generate_params(self)``, ``create_link(self,
    initializers)``, ``generate_inputs(self)`` and, unless the tests are
    skipped, ``forward_expected(self, link, inputs)`` (the link is on the
    CPU). Optional: ``forward(self, link, inputs, device)``,
    ``before_test``, ``generate_grad_outputs``, ``check_forward_outputs``.

    Attributes: ``param_names`` (parameters whose gradients are checked),
    ``check_forward_options``, ``check_backward_options``,
    ``skip_forward_test``, ``skip_backward_test``,
    ``dodge_nondifferentiable``, ``numerical_grad_dtype`` and ``contiguous``.
    """

    check_forward_options = None
    check_backward_options = None
    skip_forward_test = False
    skip_backward_test = False
    dodge_nondifferentiable = False
    numerical_grad_dtype = numpy.float64

    def __init__(self, *args, **kwargs):
        self.check_forward_options = {}
        self.check_backward_options = {}
        super().__init__(*args, **kwargs)

    def forward_expected(self, link, inputs):
        """Expected outputs (tuple of NumPy arrays) of the CPU ``link``."""
        raise NotImplementedError('forward_expected() is not implemented.')

    def generate_grad_outputs(self, outputs_template):
        """Output gradients shaped like ``outputs_template`` (uniform in [-1, 1])."""
        return _random_like(outputs_template)

    def test_forward(self, backend_config):
        """Tests forward computation."""
        from kusari.core import Variable
        if self.skip_forward_test:
            raise unittest.SkipTest('skip_forward_test is set')
        self.backend_config = backend_config
        self.before_test('test_forward')
        link = self._create_link(
            [_initializer_argument_value(i) for i in self._generate_params()], backend_config)
        inputs_np = self._generate_inputs()
        inputs = self._to_noncontiguous_as_needed(backend_config.get_array(inputs_np))
        outputs = self._forward(link, tuple(Variable(x) for x in inputs), backend_config)
        link.to_device(_cpu_device())
        expected = self.forward_expected(link, inputs_np)
        _check_array_types(expected, _cpu_device(), 'forward_expected')
        self.check_forward_outputs(tuple(y.array for y in outputs), expected)

    def test_backward(self, backend_config):
        """Tests gradients of inputs and of the ``param_names`` parameters."""
        from kusari import gradient_check
        if self.skip_backward_test:
            raise unittest.SkipTest('skip_backward_test is set')
        self.backend_config = backend_config
        self.before_test('test_backward')

        def check():
            inits = self._generate_params()
            link, inputs, outputs = self._create_initialized_link(inits, backend_config)
            cpu = _cpu_device()
            grad_outputs = self.generate_grad_outputs(tuple(cpu.send(y) for y in outputs))
            _check_array_types(grad_outputs, cpu, 'generate_grad_outputs')
            grad_outputs = self._to_noncontiguous_as_needed(
                backend_config.get_array(grad_outputs))
            params = self._link_params(link)
            for param in params:
                param.array = self._to_noncontiguous_as_needed(param.array)

            def f(*xs):
                return self._forward(link, xs, backend_config)

            with LinkTestError.raise_if_fail('backward is not implemented correctly'):
                gradient_check.check_backward(
                    f, inputs, grad_outputs, params=params,
                    dtype=self.numerical_grad_dtype,
                    detect_nondifferentiable=self.dodge_nondifferentiable,
                    **self.check_backward_options)
        _retry_while_nondifferentiable(check, self.dodge_nondifferentiable)


class LinkInitializersTestCase(_LinkTestBase, unittest.TestCase):
    """Base class of tests that a link initializes its parameters as told.

    Required methods: ``generate_params``, ``create_link``,
    ``generate_inputs`` (as in :class:`LinkTestCase`) and
    ``get_initializers(self)``: per constructor parameter, a list of
    initializer-likes (or :class:`InitializerArgument`\\ s) to try one at a
    time, the other parameters coming from ``generate_params``.

    Attributes: ``param_names``, ``check_initializers_options`` (keyword
    arguments of ``assert_allclose``) and ``contiguous``.
    """

    check_initializers_options = None

    def __init__(self, *args, **kwargs):
        self.check_initializers_options = {}
        super().__init__(*args, **kwargs)

    def get_initializers(self):
        """Per parameter, the initializer-likes to test."""
        raise NotImplementedError('get_initializers is not implemented.')

    def test_initializers(self, backend_config):
        """Tests each initializer of each parameter."""
        self.backend_config = backend_config
        self.before_test('test_initializers')
        params_inits = self.get_initializers()
        if not isinstance(params_inits, (tuple, list)) or not all(
                isinstance(p, (tuple, list)) for p in params_inits):
            raise TypeError('get_initializers() must return a tuple or list of tuples or lists')
        for i_param, param_inits in enumerate(params_inits):
            for init in param_inits:
                _check_generated_initializer(init)
                inits = list(self._generate_params())
                inits[i_param] = init
                self._test_single_initializer(i_param, inits, backend_config)

    def _test_single_initializer(self, i_param, inits, backend_config):
        from kusari import initializers
        link, _, _ = self._create_initialized_link(inits, backend_config)
        actual = _cpu_device().send(self._link_params(link)[i_param].array)
        init = inits[i_param]
        if isinstance(init, InitializerArgument):
            init = init.expected_initializer
        expected = numpy.empty_like(actual)
        initializers._get_initializer(init)(expected)
        _check_arrays_equal((actual,), (expected,), LinkTestError,
                            **self.check_initializers_options)
