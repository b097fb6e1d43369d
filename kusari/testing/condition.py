"""Repeat decorators for randomized tests (Chainer's ``chainer.testing.condition``).

The decorated test runs several times and passes when enough runs succeed.
For ``unittest.TestCase`` methods, ``tearDown`` and ``setUp`` run between
attempts so that each attempt starts fresh.
"""

import functools
import sys
import traceback
import unittest


def _as_unittest_skip(error):
    """``error`` as a ``unittest.SkipTest`` when it skips the test (``pytest.skip`` too),
    else None."""
    if isinstance(error, unittest.SkipTest):
        return error
    outcomes = sys.modules.get('_pytest.outcomes')  # loaded if pytest.skip was called
    if outcomes is not None and isinstance(error, outcomes.Skipped):
        return unittest.SkipTest(error.msg)
    return None


class QuietTestRunner:
    """Runs a unittest suite and returns its ``unittest.TestResult``, printing nothing."""

    def run(self, suite):
        result = unittest.TestResult()
        suite(result)
        return result


def repeat_with_success_at_least(times, min_success):
    """Decorator: run a test ``times`` times; pass if ``min_success`` runs pass.

    Runs stop as soon as the outcome is decided. A skip in any run
    (``unittest`` or ``pytest.skip``) skips the test with ``unittest.SkipTest``.
    Too few successes raise an ``AssertionError`` that quotes the first failure.

    Args:
        times (int): the number of runs.
        min_success (int): the number of runs that must pass.
    """
    if not 0 <= min_success <= times:
        raise AssertionError(
            'repeat_with_success_at_least: min_success must be in [0, times={}], '
            'got {}'.format(times, min_success))

    def decorator(f):
        @functools.wraps(f)
        def wrapper(*args, **kwargs):
            case = args[0] if args and isinstance(args[0], unittest.TestCase) else None
            successes = 0
            failures = []
            for attempt in range(times):
                if successes >= min_success or len(failures) > times - min_success:
                    break
                if attempt > 0 and case is not None:
                    case.tearDown()
                    case.setUp()
                try:
                    f(*args, **kwargs)
                except BaseException as error:
                    skip = _as_unittest_skip(error)
                    if skip is not None:
                        raise skip from None
                    if not isinstance(error, Exception):  # KeyboardInterrupt and the like
                        raise
                    failures.append(error)  # A failed run, counted.
                else:
                    successes += 1
            if successes < min_success:
                raise AssertionError(
                    '{}: {} of {} runs passed, {} needed.\n\nThe first error message:\n{}'
                    .format(f.__qualname__, successes, successes + len(failures),
                            min_success, ''.join(traceback.format_exception(failures[0])))
                ) from failures[-1]
        return wrapper
    return decorator


def repeat(times):
    """Decorator: the test must pass in all of ``times`` runs.

    Args:
        times (int): the number of runs.
    """
    return repeat_with_success_at_least(times, times)


def retry(times):
    """Decorator: the test must pass in at least one of ``times`` runs.

    Args:
        times (int): the maximum number of runs.
    """
    return repeat_with_success_at_least(times, 1)
