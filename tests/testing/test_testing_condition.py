import unittest

import pytest

from kusari.testing import condition


def _flaky(outcomes):
    """A function failing or passing per call, in the given order."""
    calls = []

    def f():
        calls.append(1)
        if not outcomes[len(calls) - 1]:
            raise AssertionError('run {} failed'.format(len(calls)))
    return f, calls


def test_repeat_runs_every_time():
    f, calls = _flaky([True] * 5)
    condition.repeat(5)(f)()
    assert len(calls) == 5


def test_repeat_fails_on_one_failure_and_stops():
    f, calls = _flaky([True, False, True])
    with pytest.raises(AssertionError, match='1 of 2 runs passed, 3 needed') as info:
        condition.repeat(3)(f)()
    assert len(calls) == 2
    assert 'run 2 failed' in str(info.value)


def test_retry_stops_at_first_success():
    f, calls = _flaky([False, False, True, True])
    condition.retry(4)(f)()
    assert len(calls) == 3


def test_retry_fails_when_all_fail():
    f, calls = _flaky([False] * 3)
    with pytest.raises(AssertionError, match='0 of 3 runs passed, 1 needed'):
        condition.retry(3)(f)()
    assert len(calls) == 3


def test_success_at_least():
    f, calls = _flaky([False, True, False, True, True])
    condition.repeat_with_success_at_least(5, 2)(f)()
    assert len(calls) == 4


def test_errors_count_as_failures():
    calls = []

    def f():
        calls.append(1)
        if len(calls) == 1:
            raise ValueError('boom')
    condition.retry(2)(f)()
    assert len(calls) == 2


def test_skip_propagates():
    def f():
        raise unittest.SkipTest('no')
    with pytest.raises(unittest.SkipTest):
        condition.retry(3)(f)()


def test_pytest_skip_becomes_unittest_skip():
    calls = []

    def skipping():
        calls.append(1)
        pytest.skip('not here')
    with pytest.raises(unittest.SkipTest, match='not here'):
        condition.repeat(3)(skipping)()
    assert len(calls) == 1


def test_failure_message_quotes_the_first_failure():
    f, _ = _flaky([False, False])
    with pytest.raises(AssertionError, match='The first error message:') as info:
        condition.repeat(2)(f)()
    assert 'run 1 failed' in str(info.value) and 'run 2 failed' not in str(info.value)


def test_invalid_arguments():
    # An AssertionError, as Chainer's.
    with pytest.raises(AssertionError, match='min_success'):
        condition.repeat_with_success_at_least(2, 3)


def test_unittest_setup_and_teardown_between_runs():
    events = []

    class Case(unittest.TestCase):
        def setUp(self):
            events.append('setUp')

        def tearDown(self):
            events.append('tearDown')

        @condition.repeat(3)
        def test_it(self):
            events.append('run')

    result = unittest.TestResult()
    Case('test_it').run(result)
    assert result.wasSuccessful()
    assert events == ['setUp', 'run', 'tearDown', 'setUp', 'run', 'tearDown', 'setUp', 'run',
                      'tearDown']


def test_keeps_signature_for_pytest_fixtures():
    def test_fn(tmp_path):
        pass
    wrapped = condition.retry(2)(test_fn)
    assert wrapped.__name__ == 'test_fn'
    assert wrapped.__wrapped__ is test_fn


@condition.retry(10)
def test_real_use_with_fixture(tmp_path):
    (tmp_path / 'x').write_text('1')
    assert (tmp_path / 'x').read_text() == '1'


def test_quiet_test_runner_returns_the_result():
    class Case(unittest.TestCase):
        def test_fails(self):
            self.fail('quietly')

        def test_passes(self):
            pass

    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Case)
    result = condition.QuietTestRunner().run(suite)
    assert result.testsRun == 2 and len(result.failures) == 1
