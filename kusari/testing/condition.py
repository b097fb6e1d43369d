"""Repeat decorators for randomized tests (Chainer's ``chainer.testing.condition``).

The decorated test runs several times and passes when enough runs succeed.
For ``unittest.TestCase`` methods, ``tearDown`` and ``setUp`` run between
attempts so that each attempt starts fresh.
"""

import functools
import traceback
import unittest


def repeat_with_success_at_least(times, min_success):
    """Decorator: run a test ``times`` times; pass if ``min_success`` runs pass.

    Runs stop as soon as the outcome is decided. A skip in any run skips the
    test.

    Args:
        times (int): the number of runs.
        min_success (int): the number of runs that must pass.
    """
    if not 0 <= min_success <= times:
        raise ValueError(
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
                except unittest.SkipTest:
                    raise
                except Exception as error:  # A failed run, counted.
                    failures.append(error)
                else:
                    successes += 1
            if successes < min_success:
                details = '\n'.join(
                    ''.join(traceback.format_exception(e)) for e in failures)
                raise AssertionError(
                    '{}: {} of {} runs passed, {} needed.\n\nFailures:\n{}'.format(
                        f.__qualname__, successes, successes + len(failures),
                        min_success, details)) from failures[-1]
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
