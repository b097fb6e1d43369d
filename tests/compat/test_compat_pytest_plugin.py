"""A Chainer user's test suite, unmodified, runs under kusari's pytest plugin."""

import textwrap

import pytest
from tests.compat._subprocess import run_python

_CONFTEST = '''
import chainer  # imported before any test module: the plugin must already be active
import pytest


@pytest.fixture
def backend_name():
    return chainer.__name__
'''

_USER_TESTS = '''
import unittest

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.testing import attr
from chainer.utils import type_check


class ScaledSquare(chainer.FunctionNode):
    """y = a * x ** 2, a user's own function."""

    def __init__(self, a):
        self.a = a

    def check_type_forward(self, in_types):
        type_check._argname(in_types, ('x',))
        x_type, = in_types
        type_check.expect(x_type.dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        x, = inputs
        return numpy.asarray(self.a * x * x, dtype=x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return 2 * self.a * x * grad_outputs[0],


def scaled_square(x, a):
    return ScaledSquare(a).apply((x,))[0]


@testing.parameterize(*testing.product({
    'shape': [(3, 2), (4,)],
    'dtype': [numpy.float16, numpy.float32, numpy.float64],
}))
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestScaledSquare(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-3}
            self.check_backward_options = {'atol': 5e-2, 'rtol': 5e-2}
            self.check_double_backward_options = {'atol': 5e-2, 'rtol': 5e-2}

    def generate_inputs(self):
        return numpy.random.uniform(-1, 1, self.shape).astype(self.dtype),

    def forward(self, inputs, device):
        x, = inputs
        return scaled_square(x, 1.5),

    def forward_expected(self, inputs):
        x, = inputs
        return (1.5 * x * x).astype(self.dtype),


class TestTypeCheck(unittest.TestCase):

    def test_integer_input_is_rejected(self):
        with self.assertRaises(type_check.InvalidType) as info:
            scaled_square(numpy.zeros(3, numpy.int32), 1.0)
        self.assertIn('Expect: x.dtype.kind == f', str(info.exception))  # as Chainer prints it


def test_same_objects(backend_name):
    import kusari
    assert backend_name == 'kusari'
    assert chainer.Variable is kusari.Variable
    assert isinstance(F.identity(numpy.ones(2)), kusari.Variable)


@attr.slow
def test_slow_mark_is_registered():
    assert testing.product({'a': [1, 2]}) == [{'a': 1}, {'a': 2}]


@attr.gpu
def test_gpu_mark_is_registered():
    import cupy  # NOQA
'''


def _run_user_suite(tmp_path, plugin):
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    (tmp_path / 'conftest.py').write_text(textwrap.dedent(_CONFTEST))
    (tmp_path / 'test_user_function.py').write_text(textwrap.dedent(_USER_TESTS))
    return run_python(
        ['-m', 'pytest', '-p', plugin, '-p', 'no:cacheprovider', '--strict-markers',
         '-W', 'error', '-q', '-rs', '-c', str(tmp_path / 'pytest.ini'),
         '--rootdir', str(tmp_path), str(tmp_path)], cwd=tmp_path)


def _counts(result):
    # pytest's last line: "27 passed, 25 skipped in 1.23s"
    summary = result.stdout.strip().splitlines()[-1]
    return {kind: int(n) for n, kind in (part.split()[:2] for part in
                                         summary.split(' in ')[0].split(', '))}


def test_chainer_test_suite_passes_with_plugin(tmp_path):
    result = _run_user_suite(tmp_path, 'kusari.compat')
    assert result.returncode == 0, result.stdout + result.stderr
    # 2 shapes x 3 dtypes x 3 tests x (CPU, GPU) and 4 plain tests; the 19 GPU
    # tests skip without CuPy and a GPU.
    counts = _counts(result)
    assert counts['passed'] in (21, 40)
    assert counts.get('skipped', 0) == 40 - counts['passed']


@pytest.mark.slow
def test_plugin_module_spelling(tmp_path):
    result = _run_user_suite(tmp_path, 'kusari.compat.pytest_plugin')
    assert result.returncode == 0, result.stdout + result.stderr


def test_suite_fails_without_plugin(tmp_path):
    result = _run_user_suite(tmp_path, 'no:kusari_absent_plugin')
    assert result.returncode != 0
    assert "No module named 'chainer'" in result.stdout + result.stderr
