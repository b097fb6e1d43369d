import importlib
import unittest

import numpy
import pytest

from kusari import distributions
from kusari import testing
from kusari.testing import _distribution_test, attr, distribution_test


def _normal_case(**attributes):
    """A distribution_unittest of Normal against scipy.stats.norm, with ``attributes``."""
    from scipy import stats

    class NormalCase(testing.distribution_unittest):
        shape = (2, 3)
        sample_shape = (3, 2)
        is_variable = False
        scale_factor = 1.0

        def setUp_configure(self):
            self.dist = distributions.Normal
            self.scipy_dist = stats.norm
            self.test_targets = set(_distribution_test.TARGETS)
            rng = numpy.random.RandomState(0)
            loc = numpy.asarray(rng.uniform(-1, 1, self.shape), numpy.float32)
            scale = numpy.asarray(numpy.exp(rng.uniform(-1, 1, self.shape)), numpy.float32)
            self.params = {'loc': loc, 'scale': scale}
            self.scipy_params = {'loc': loc, 'scale': scale * self.scale_factor}

        def sample_for_test(self):
            return numpy.random.normal(size=self.sample_shape + self.shape).astype(numpy.float32)

    for name, value in attributes.items():
        setattr(NormalCase, name, value)
    return NormalCase


def _run(case, targets):
    """Runs the CPU tests of ``targets``; the unittest result."""
    suite = unittest.TestSuite(case('test_{}_cpu'.format(t)) for t in targets)
    result = unittest.TestResult()
    suite.run(result)
    return result


def test_is_chainers_testing_name():
    assert testing.distribution_unittest is distribution_test.distribution_unittest
    assert issubclass(testing.distribution_unittest, unittest.TestCase)
    with pytest.raises(AttributeError, match='no attribute'):
        _ = testing.no_such_name


@pytest.mark.parametrize('scipy_onebyone', [False, True])
@pytest.mark.parametrize('shape, sample_shape', [((2, 3), (3, 2)), ((), ()), ((4,), ())])
@pytest.mark.parametrize('is_variable', [False, True])
def test_a_correct_distribution_passes_every_target(scipy_onebyone, shape, sample_shape,
                                                     is_variable):
    numpy.random.seed(0)
    case = _normal_case(scipy_onebyone=scipy_onebyone, shape=shape, sample_shape=sample_shape,
                        is_variable=is_variable)
    result = _run(case, sorted(_distribution_test.TARGETS))
    assert result.testsRun == len(_distribution_test.TARGETS)
    assert not result.failures and not result.errors and not result.skipped


def test_a_wrong_distribution_fails_the_checks():
    numpy.random.seed(0)
    case = _normal_case(scale_factor=2.0, scipy_onebyone=True)
    wrong = ['cdf', 'entropy', 'icdf', 'log_cdf', 'log_prob', 'log_survival', 'prob', 'sample',
             'stddev', 'survival', 'variance']
    result = _run(case, wrong + ['mean', 'batch_shape', 'support'])
    failed = sorted(test.id().rsplit('.', 1)[1] for test, _ in result.failures)
    assert failed == ['test_{}_cpu'.format(t) for t in sorted(wrong)]
    assert not result.errors


def test_targets_outside_test_targets_are_skipped():
    case = _normal_case()
    original = case.setUp_configure

    def configure(self):
        original(self)
        self.test_targets = {'mean'}
    case.setUp_configure = configure
    result = _run(case, ['mean', 'cdf'])
    assert [test.id().rsplit('.', 1)[1] for test, _ in result.skipped] == ['test_cdf_cpu']
    assert not result.failures and not result.errors


def test_unknown_target_is_an_error():
    case = _normal_case()
    original = case.setUp_configure

    def configure(self):
        original(self)
        self.test_targets = {'mean', 'median'}
    case.setUp_configure = configure
    result = _run(case, ['mean'])
    assert len(result.errors) == 1
    assert "unknown test_targets ['median']" in result.errors[0][1]


def test_gpu_tests_carry_the_gpu_mark():
    marks = getattr(testing.distribution_unittest.test_mean_gpu, 'pytestmark', [])
    assert 'gpu' in [mark.name for mark in marks]
    assert not hasattr(testing.distribution_unittest.test_mean_cpu, 'pytestmark')


def test_without_pytest_the_case_says_why(monkeypatch):
    monkeypatch.setattr(attr, 'is_available', lambda: False)
    monkeypatch.setattr(attr, 'get_error', lambda: ImportError("No module named 'pytest'"))
    try:
        stand_in = importlib.reload(distribution_test).distribution_unittest
        with pytest.raises(RuntimeError, match="needs pytest: No module named 'pytest'"):
            stand_in('test_dummy').test_dummy()
    finally:
        monkeypatch.undo()
        importlib.reload(distribution_test)
