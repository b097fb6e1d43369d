import unittest
import warnings

import numpy
import pytest

from kusari import compat, testing
from kusari.testing import helper


class TestAssertWarns:

    def test_passes_on_expected_warning(self):
        with testing.assert_warns(DeprecationWarning):
            warnings.warn('old', DeprecationWarning, stacklevel=2)

    def test_subclass_matches(self):
        class MyWarning(UserWarning):
            pass
        with testing.assert_warns(UserWarning):
            warnings.warn('x', MyWarning, stacklevel=2)

    def test_fails_without_warning(self):
        with pytest.raises(AssertionError, match='DeprecationWarning not triggered'):
            with testing.assert_warns(DeprecationWarning):
                pass

    def test_fails_on_other_warning(self):
        with pytest.raises(AssertionError, match=r"got \['UserWarning'\]"):
            with testing.assert_warns(DeprecationWarning):
                warnings.warn('other', UserWarning, stacklevel=2)


class TestRequires:

    @pytest.mark.parametrize('requirement, expected', [
        ('numpy', True),
        ('numpy>=1.0', True),
        ('numpy>=1.0,<1000', True),
        ('numpy<1.0', False),
        ('numpy==0.1', False),
        ('numpy!=' + numpy.__version__, False),
        ('numpy~=' + '.'.join(numpy.__version__.split('.')[:2]), True),
        ('no-such-package-kusari', False),
        ('numpy==' + numpy.__version__.split('.')[0] + '.*', True),
        ('numpy!=' + numpy.__version__.split('.')[0] + '.*', False),
        ('numpy==0.*', False),
        # Chainer's requirements are judged by the Chainer API kusari implements (7.8.1),
        # with no distribution named chainer installed.
        ('chainer', True),
        ('chainer>=5.0.0', True),
        ('Chainer>=7.8,<8', True),
        ('chainer<7', False),
    ])
    def test_satisfied(self, requirement, expected):
        assert helper._satisfied(requirement) is expected

    @pytest.mark.parametrize('a, b', [('1.10', '1.9'), ('2.0', '2.0rc1'), ('1.0.1', '1.0')])
    def test_version_order(self, a, b):
        assert helper._version_key(a) > helper._version_key(b)

    def test_trailing_zeros_are_equal(self):
        assert helper._version_key('2.0') == helper._version_key('2')

    def test_invalid_specifier(self):
        with pytest.raises(ValueError, match='invalid version specifier'):
            helper._satisfied('numpy>>1')

    def test_with_requires_skips(self):
        class Case(unittest.TestCase):
            @testing.with_requires('numpy<1.0')
            def test_old(self):
                raise AssertionError('must not run')

            @testing.with_requires('numpy>=1.0')
            def test_new(self):
                pass
        result = unittest.TestResult()
        unittest.defaultTestLoader.loadTestsFromTestCase(Case).run(result)
        assert result.wasSuccessful()
        assert [reason for _, reason in result.skipped] == ['requires: numpy<1.0']

    def test_with_requires_chainer_runs_under_kusari_compat(self):
        compat.install()
        try:
            import chainer
            from chainer import testing as chainer_testing

            class Case(unittest.TestCase):
                @chainer_testing.with_requires('chainer>=5.0.0')
                def test_new(self):
                    pass
            result = unittest.TestResult()
            unittest.defaultTestLoader.loadTestsFromTestCase(Case).run(result)
            assert result.testsRun == 1 and not result.skipped and result.wasSuccessful()
            assert helper._installed_version('chainer') == chainer.__version__
        finally:
            compat.uninstall()

    def test_without_requires(self):
        @testing.without_requires('numpy')
        def needs_no_numpy():
            raise AssertionError('must not run')
        with pytest.raises(unittest.SkipTest):
            needs_no_numpy()


class TestPatch:

    def test_spy_calls_through(self):
        with testing.patch('numpy.linalg.norm') as spy:
            value = numpy.linalg.norm(numpy.array([3.0, 4.0]))
        assert value == 5.0
        assert spy.call_count == 1
        assert numpy.linalg.norm is not spy

    def test_explicit_wraps(self):
        with testing.patch('numpy.linalg.norm', wraps=lambda x: -1.0) as spy:
            assert numpy.linalg.norm(numpy.ones(2)) == -1.0
        spy.assert_called_once()
