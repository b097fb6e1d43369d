"""testing._bundle.make_decorator: Chainer's way of building test-class decorators."""

import sys
import unittest

from kusari import testing
from kusari.testing import _bundle

_MODULE = sys.modules[__name__]


def _twice(base):
    """Two classes from each: ``value`` 1 and 2, each test method run with a log."""
    def method_generator(method):
        def logged(self):
            self.log.append(method.__name__)
            return method(self)
        logged.__name__ = method.__name__
        return logged

    return [('{}_{}'.format(base.__name__, value), {'value': value}, method_generator)
            for value in (1, 2)]


def test_generated_classes_replace_the_decorated_one():
    class Case(unittest.TestCase):
        log = []

        def test_value(self):
            assert self.value in (1, 2)

        def helper(self):
            pass

    Case.__module__ = __name__
    _MODULE.Case = Case
    try:
        bundle = _bundle.make_decorator(_twice)(Case)
        assert [c.__name__ for c in bundle.cases] == ['Case_1', 'Case_2']
        assert not hasattr(_MODULE, 'Case')  # the original is not collected
        for case in bundle.cases:
            assert getattr(_MODULE, case.__name__) is case
            assert issubclass(case, Case) and case.__module__ == __name__
            assert case.helper is Case.helper  # only test_* methods are generated
            case('test_value').test_value()
        assert Case.log == ['test_value', 'test_value']
    finally:
        for name in ('Case', 'Case_1', 'Case_2'):
            _MODULE.__dict__.pop(name, None)


def test_it_stacks_with_parameterize():
    class Stacked(unittest.TestCase):
        def test_nothing(self):
            pass

    Stacked.__module__ = __name__
    try:
        bundle = _bundle.make_decorator(_twice)(testing.parameterize({'a': 0}, {'a': 1})(Stacked))
        assert len(bundle.cases) == 4
        assert {(c.a, c.value) for c in bundle.cases} == {(0, 1), (0, 2), (1, 1), (1, 2)}
    finally:
        for name in [n for n in vars(_MODULE) if n.startswith('Stacked_')]:
            delattr(_MODULE, name)
