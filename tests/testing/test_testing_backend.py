import unittest

import numpy
import pytest

import kusari
from kusari import backend, testing
from kusari.testing import attr


class TestBackendConfig:

    def test_defaults(self):
        config = testing.BackendConfig({})
        assert (config.use_cuda, config.use_cudnn, config.use_ideep, config.use_chainerx) == (
            False, 'never', 'never', False)
        assert config.xp is numpy
        assert isinstance(config.device, backend.CpuDevice)
        assert config.get_func_str() == 'cpu'
        assert config.get_pytest_marks() == []

    def test_unknown_key(self):
        with pytest.raises(ValueError, match=r"unknown parameter\(s\) \['use_tpu'\]"):
            testing.BackendConfig({'use_tpu': True})

    def test_not_a_dict(self):
        with pytest.raises(TypeError, match='params must be a dict'):
            testing.BackendConfig([('use_cuda', True)])

    def test_func_str_names_non_defaults(self):
        config = testing.BackendConfig({'use_cuda': True, 'use_cudnn': 'always'})
        assert config.get_func_str() == 'use_cuda_true__use_cudnn_always'
        # any value is written as str(), even an unhashable one (a Chainer test gives a list)
        config = testing.BackendConfig({'use_ideep': ['never', 'always']})
        assert config.get_func_str() == "use_ideep_['never', 'always']"

    def test_marks(self):
        assert testing.BackendConfig({'use_cuda': True}).get_pytest_marks() == [attr.gpu]
        assert testing.BackendConfig(
            {'use_cuda': True, 'use_cudnn': 'always'}).get_pytest_marks() == [attr.gpu, attr.cudnn]
        assert testing.BackendConfig({'use_ideep': 'always'}).get_pytest_marks() == [attr.ideep]
        assert testing.BackendConfig({'use_chainerx': True}).get_pytest_marks() == [attr.chainerx]

    def test_second_gpu_needs_two(self, monkeypatch):
        monkeypatch.setattr(attr, '_gpu_count', lambda: 1)
        marks = testing.BackendConfig({'use_cuda': True, 'cuda_device': 1}).get_pytest_marks()

        def test_x():
            pass
        for mark in marks:
            test_x = mark(test_x)
        names = {m.name: m for m in test_x.pytestmark}
        assert set(names) == {'gpu', 'multi_gpu', 'skip'}
        assert 'needs 2 GPU(s)' in names['skip'].kwargs['reason']

    def test_get_array(self):
        config = testing.BackendConfig({})
        a = numpy.ones(2)
        x, none = config.get_array((a, None))
        assert x is a and none is None

    def test_context_sets_configuration(self):
        config = testing.BackendConfig({'use_cudnn': 'always', 'autotune': True})
        with config:
            assert kusari.config.use_cudnn == 'always'
            assert kusari.config.autotune is True
            with config:  # reentrant
                assert kusari.config.autotune is True
            assert kusari.config.autotune is True
        assert kusari.config.use_cudnn == 'auto'
        assert kusari.config.autotune is False

    def test_chainerx_device_skips(self):
        with pytest.raises(unittest.SkipTest, match='ChainerX'):
            _ = testing.BackendConfig({'use_chainerx': True}).device

    def test_repr(self):
        assert 'use_cuda=True' in repr(testing.BackendConfig({'use_cuda': True}))


class TestInjectBackendTests:

    def _decorate(self, method_names=None, params=({}, {'use_cuda': True})):
        seen = []

        class Case(unittest.TestCase):
            def test_a(self, backend_config):
                seen.append(('a', backend_config.use_cuda))

            def test_b(self, backend_config):
                seen.append(('b', backend_config.use_cuda))

        return testing.inject_backend_tests(method_names, list(params))(Case), seen

    def test_methods_per_config(self):
        case, seen = self._decorate()
        names = unittest.defaultTestLoader.getTestCaseNames(case)
        assert list(names) == ['test_a__cpu', 'test_a__use_cuda_true',
                               'test_b__cpu', 'test_b__use_cuda_true']
        case('test_a__cpu').test_a__cpu()
        assert seen == [('a', False)]

    def test_gpu_variants_are_marked(self, monkeypatch):
        monkeypatch.setattr(attr, '_gpu_count', lambda: 0)
        case, _ = self._decorate()
        marks = {m.name for m in case.test_a__use_cuda_true.pytestmark}
        assert marks == {'gpu', 'skip'}
        assert not hasattr(case.test_a__cpu, 'pytestmark')

    def test_selected_methods_only(self):
        case, _ = self._decorate(method_names=['test_b'])
        assert list(unittest.defaultTestLoader.getTestCaseNames(case)) == [
            'test_a', 'test_b__cpu', 'test_b__use_cuda_true']

    def test_argument_validation(self):
        with pytest.raises(TypeError, match='method_names'):
            testing.inject_backend_tests('test_a', [{}])
        with pytest.raises(TypeError, match='params must be a list of dicts'):
            testing.inject_backend_tests(None, {})

    def test_duplicate_configs(self):
        with pytest.raises(RuntimeError, match='already exists'):
            self._decorate(params=({}, {}))

    def test_inherited_methods_are_hidden(self):
        class Base(unittest.TestCase):
            def test_x(self, backend_config):
                pass

        class Case(Base):
            pass
        testing.inject_backend_tests(None, [{}])(Case)
        assert list(unittest.defaultTestLoader.getTestCaseNames(Case)) == ['test_x__cpu']
        # The base class itself is untouched.
        assert callable(Base.test_x)


# Real use, stacked with parameterize in both orders.
_runs = []


@testing.parameterize({'k': 1}, {'k': 2})
@testing.inject_backend_tests(None, [{}, {'use_cuda': True}])
class TestRealUseInner(unittest.TestCase):

    def test_run(self, backend_config):
        assert backend_config.xp is (kusari.cuda.cupy if backend_config.use_cuda else numpy)
        _runs.append(('inner', self.k))


@testing.inject_backend_tests(['test_run'], [{}])
@testing.parameterize({'k': 3})
class TestRealUseOuter(unittest.TestCase):

    def test_run(self, backend_config):
        _runs.append(('outer', self.k))


def test_real_use_classes():
    inner = sorted(n for n in globals() if n.startswith('TestRealUseInner_'))
    outer = sorted(n for n in globals() if n.startswith('TestRealUseOuter_'))
    assert inner == ['TestRealUseInner_param_0_{k=1}', 'TestRealUseInner_param_1_{k=2}']
    assert outer == ['TestRealUseOuter_param_0_{k=3}']
    for name in inner + outer:
        assert 'test_run__cpu' in unittest.defaultTestLoader.getTestCaseNames(globals()[name])
