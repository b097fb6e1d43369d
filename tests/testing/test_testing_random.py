import random
import sys
import unittest

import numpy
import pytest

from kusari import testing


@pytest.fixture(autouse=True)
def clean_env(monkeypatch):
    for name in ('KUSARI_SEED', 'CHAINER_SEED', 'KUSARI_TEST_RANDOM_NONDETERMINISTIC',
                 'CHAINER_TEST_RANDOM_NONDETERMINISTIC'):
        monkeypatch.delenv(name, raising=False)


def _draw():
    return numpy.random.uniform(size=3).tolist(), random.random()


def test_function_gets_the_same_numbers_every_time():
    fixed = testing.fix_random()(_draw)
    assert fixed() == fixed()
    numpy.random.seed(100)  # Chainer's seed
    random.seed(100)
    assert fixed() == _draw()


def test_state_is_restored():
    numpy.random.seed(123)
    expected = numpy.random.uniform(size=2)
    numpy.random.seed(123)
    testing.fix_random()(_draw)()
    numpy.testing.assert_array_equal(numpy.random.uniform(size=2), expected)


@pytest.mark.parametrize('variable', ['CHAINER_SEED', 'KUSARI_SEED'])
def test_seed_from_environment(monkeypatch, variable):
    monkeypatch.setenv(variable, '7')
    numpy.random.seed(7)
    expected = numpy.random.uniform(size=3).tolist()
    assert testing.fix_random()(_draw)()[0] == expected


def test_kusari_spelling_wins(monkeypatch):
    monkeypatch.setenv('CHAINER_SEED', '1')
    monkeypatch.setenv('KUSARI_SEED', '2')
    numpy.random.seed(2)
    assert testing.fix_random()(_draw)()[0] == numpy.random.uniform(size=3).tolist()


def test_nondeterministic(monkeypatch):
    monkeypatch.setenv('CHAINER_TEST_RANDOM_NONDETERMINISTIC', '1')
    fixed = testing.fix_random()(_draw)
    assert fixed() != fixed()


def test_nested_calls_keep_the_outer_seed():
    @testing.fix_random()
    def inner():
        return _draw()

    @testing.fix_random()
    def outer():
        first = _draw()
        return first, inner()
    first, second = outer()
    assert first != second


def test_test_case_class():
    draws = []

    @testing.fix_random()
    class Case(unittest.TestCase):
        def setUp(self):
            self.x = numpy.random.uniform()

        def test_a(self):
            draws.append((self.x, numpy.random.uniform()))

        def test_b(self):
            draws.append((self.x, numpy.random.uniform()))

    result = unittest.TestResult()
    unittest.defaultTestLoader.loadTestsFromTestCase(Case).run(result)
    assert result.wasSuccessful()
    assert draws[0] == draws[1]


def test_parameterized_classes():
    draws = []

    @testing.fix_random()
    @testing.parameterize({'n': 1}, {'n': 2})
    class Case(unittest.TestCase):
        def test_a(self):
            draws.append(numpy.random.uniform())

    suite = unittest.TestSuite(unittest.defaultTestLoader.loadTestsFromTestCase(c)
                               for c in Case.cases)
    result = unittest.TestResult()
    suite.run(result)
    assert result.wasSuccessful() and result.testsRun == 2
    assert draws[0] == draws[1]
    for c in Case.cases:
        delattr(sys.modules[__name__], c.__name__)


def test_rejects_other_objects():
    with pytest.raises(TypeError, match='fix_random applies to'):
        testing.fix_random()(object())


def test_generate_seed():
    fixed = testing.fix_random()(lambda: [testing.generate_seed() for _ in range(3)])
    seeds = fixed()
    assert seeds == fixed()
    assert all(isinstance(s, int) and 0 <= s < 2 ** 31 for s in seeds)
    assert len(set(seeds)) == 3
