"""Test annotations (Chainer's ``chainer.testing.attr``) as pytest marks.

pytest is imported only when a mark is applied, so kusari imports without it.
``gpu``/``multi_gpu`` tests are also skipped when CuPy or enough GPUs are
missing (and beyond ``CHAINER_TEST_GPU_LIMIT``/``KUSARI_TEST_GPU_LIMIT``
GPUs); ``ideep`` and ``chainerx`` tests are always skipped, as kusari has
neither backend.
"""

import functools

from kusari.testing import _env


def _pytest():
    try:
        import pytest
    except ImportError as error:
        raise RuntimeError(
            'kusari.testing.attr needs pytest to mark tests: {}'.format(error)) from None
    return pytest


def get_error():
    """The ImportError of pytest, or None when pytest is available."""
    try:
        import pytest  # noqa: F401 - imported only to learn whether it can be
    except ImportError as error:
        return error
    return None


def is_available():
    """Whether pytest is installed."""
    return get_error() is None


def check_available():
    """Raises RuntimeError unless pytest is installed."""
    _pytest()


@functools.cache
def _gpu_count():
    try:
        import cupy
    except ImportError:
        return 0
    try:
        return cupy.cuda.runtime.getDeviceCount()
    except Exception:  # No driver, or no device.
        return 0


def _gpu_limit():
    return int(_env.getenv('TEST_GPU_LIMIT', '-1'))


class _Mark:
    """A pytest mark applied lazily, usable as ``@mark`` or ``@mark(...)``."""

    def __init__(self, name, skip_reason=None):
        # name None: the test is only skipped (for backends kusari lacks).
        self._name = name
        self._skip_reason = skip_reason

    def __call__(self, *args, **kwargs):
        if len(args) == 1 and not kwargs and (
                isinstance(args[0], type) or callable(args[0])):
            return self._apply(args[0], (), {})
        return lambda f: self._apply(f, args, kwargs)

    def _apply(self, f, args, kwargs):
        pytest = _pytest()
        if self._name is not None:
            f = getattr(pytest.mark, self._name)(*args, **kwargs)(f)
        reason = self._skip_reason() if self._skip_reason else None
        return pytest.mark.skip(reason=reason)(f) if reason else f

    def __repr__(self):
        return '<kusari.testing.attr mark {}>'.format(self._name or 'skip')


def _gpu_skip_reason(gpu_num=1):
    limit = _gpu_limit()
    if 0 <= limit < gpu_num:
        return 'needs {} GPU(s), above the test GPU limit {}'.format(gpu_num, limit)
    count = _gpu_count()
    if count < gpu_num:
        return 'needs {} GPU(s) through CuPy; {} available'.format(gpu_num, count)
    return None


def _never(backend):
    # Only a skip: kusari's own suite does not register marks for these.
    return _Mark(None, lambda: '{} is not available in kusari'.format(backend))


slow = _Mark('slow')
cudnn = _Mark('cudnn', _gpu_skip_reason)
ideep = _never('iDeep')
chainerx = _never('ChainerX')


def gpu(f):
    """Marks a test (function or class) as needing one GPU.

    Args:
        f: the test function or class.
    """
    pytest = _pytest()
    f = pytest.mark.gpu(f)
    reason = _gpu_skip_reason()
    return pytest.mark.skip(reason=reason)(f) if reason else f


def multi_gpu(gpu_num):
    """Decorator marking a test as needing ``gpu_num`` GPUs.

    Args:
        gpu_num (int): the number of GPUs the test needs.
    """
    pytest = _pytest()

    def decorator(f):
        f = pytest.mark.multi_gpu(pytest.mark.gpu(f))
        reason = _gpu_skip_reason(gpu_num)
        return pytest.mark.skip(reason=reason)(f) if reason else f
    return decorator
