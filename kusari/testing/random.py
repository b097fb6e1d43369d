"""Deterministic random numbers in tests (Chainer's ``fix_random``).

Inside a fixed test, Python's ``random``, NumPy's global generator and (when
imported) CuPy's are seeded from ``KUSARI_SEED``/``CHAINER_SEED`` (100, as in
Chainer, if unset;
``CHAINER_TEST_RANDOM_NONDETERMINISTIC=1`` seeds from entropy instead), and the
previous states are restored afterwards.
"""

import functools
import random
import sys
import types
import unittest

import numpy

from kusari.testing import _env
from kusari.testing.parameterized import _TestCaseBundle

_depth = 0
_saved_states = None


def _seed():
    if int(_env.getenv('TEST_RANDOM_NONDETERMINISTIC', '0')):
        return None
    return int(_env.getenv('SEED', '100'))


def _setup_random():
    global _depth, _saved_states
    _depth += 1
    if _depth > 1:
        return
    _saved_states = (random.getstate(), numpy.random.get_state())
    seed = _seed()
    random.seed(seed)
    numpy.random.seed(seed)
    cupy = sys.modules.get('cupy')
    if cupy is not None:
        cupy.random.seed(seed)


def _teardown_random():
    global _depth, _saved_states
    _depth -= 1
    if _depth > 0:
        return
    python_state, numpy_state = _saved_states
    _saved_states = None
    random.setstate(python_state)
    numpy.random.set_state(numpy_state)


def fix_random(*, setup_method='setUp', teardown_method='tearDown'):
    """Decorator fixing random seeds for a test method or test class.

    On a ``unittest.TestCase`` class the seeds are fixed from ``setup_method``
    to ``teardown_method``; on a function or method, for its call. Apply it
    outside :mod:`~kusari.testing.condition` decorators (each repeat should
    draw different numbers).

    Args:
        setup_method (str): the class's set-up method name.
        teardown_method (str): the class's tear-down method name.
    """
    def decorator(target):
        if isinstance(target, types.FunctionType):
            @functools.wraps(target)
            def wrapper(*args, **kwargs):
                _setup_random()
                try:
                    return target(*args, **kwargs)
                finally:
                    _teardown_random()
            return wrapper
        if isinstance(target, _TestCaseBundle):
            for case in target.cases:
                decorator(case)
            return target
        if isinstance(target, type) and issubclass(target, unittest.TestCase):
            setup = getattr(target, setup_method)
            teardown = getattr(target, teardown_method)

            @functools.wraps(setup)
            def fixed_setup(self):
                _setup_random()
                try:
                    setup(self)
                except BaseException:
                    # unittest skips tearDown when setUp fails.
                    _teardown_random()
                    raise

            @functools.wraps(teardown)
            def fixed_teardown(self):
                try:
                    teardown(self)
                finally:
                    _teardown_random()
            setattr(target, setup_method, fixed_setup)
            setattr(target, teardown_method, fixed_teardown)
            return target
        raise TypeError('fix_random applies to a test function, a unittest.TestCase '
                        'class or a parameterized one, not {!r}'.format(target))
    return decorator


def generate_seed():
    """A seed drawn from NumPy's global generator (reproducible under fix_random)."""
    return int(numpy.random.randint(0, 2 ** 31 - 1))
