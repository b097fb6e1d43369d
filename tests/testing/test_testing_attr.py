import os
import subprocess
import sys

import pytest

from kusari.testing import attr


def _marks(obj):
    return {m.name: m for m in getattr(obj, 'pytestmark', [])}


def _test():
    def test_x():
        pass
    return test_x


@pytest.fixture
def gpus(monkeypatch):
    """Sets the number of GPUs attr sees."""
    def set_count(n):
        monkeypatch.setattr(attr, '_gpu_count', lambda: n)
    monkeypatch.delenv('KUSARI_TEST_GPU_LIMIT', raising=False)
    monkeypatch.delenv('CHAINER_TEST_GPU_LIMIT', raising=False)
    return set_count


def test_slow_mark():
    marks = _marks(attr.slow(_test()))
    assert set(marks) == {'slow'}


def test_slow_mark_with_arguments():
    marks = _marks(attr.slow(reason='big')(_test()))
    assert marks['slow'].kwargs == {'reason': 'big'}


def test_gpu_without_gpus_is_marked_and_skipped(gpus):
    gpus(0)
    marks = _marks(attr.gpu(_test()))
    assert set(marks) == {'gpu', 'skip'}
    assert 'needs 1 GPU(s)' in marks['skip'].kwargs['reason']


def test_gpu_with_a_gpu_runs(gpus):
    gpus(1)
    assert set(_marks(attr.gpu(_test()))) == {'gpu'}


def test_gpu_on_a_class(gpus):
    gpus(1)

    class TestThing:
        pass
    assert set(_marks(attr.gpu(TestThing))) == {'gpu'}


def test_multi_gpu(gpus):
    gpus(2)
    assert set(_marks(attr.multi_gpu(2)(_test()))) == {'gpu', 'multi_gpu'}
    assert 'skip' in _marks(attr.multi_gpu(3)(_test()))


@pytest.mark.parametrize('variable', ['KUSARI_TEST_GPU_LIMIT', 'CHAINER_TEST_GPU_LIMIT'])
def test_gpu_limit(gpus, monkeypatch, variable):
    gpus(4)
    monkeypatch.setenv(variable, '1')
    assert 'skip' not in _marks(attr.multi_gpu(1)(_test()))
    marks = _marks(attr.multi_gpu(2)(_test()))
    assert 'above the test GPU limit 1' in marks['skip'].kwargs['reason']


def test_cudnn_needs_a_gpu(gpus):
    gpus(0)
    assert set(_marks(attr.cudnn(_test()))) == {'cudnn', 'skip'}


@pytest.mark.parametrize('mark, backend', [(attr.ideep, 'iDeep'), (attr.chainerx, 'ChainerX')])
def test_missing_backends_always_skip(mark, backend):
    marks = _marks(mark(_test()))
    assert marks['skip'].kwargs['reason'] == '{} is not available in kusari'.format(backend)


def test_availability():
    assert attr.is_available()
    assert attr.get_error() is None
    attr.check_available()


def test_testing_imports_without_pytest():
    # A None entry in sys.modules makes `import pytest` fail.
    code = ('import sys; sys.modules["pytest"] = None\n'
            'import kusari.testing as t\n'
            'assert not t.attr.is_available()\n'
            'try:\n'
            '    t.attr.gpu(lambda: None)\n'
            'except RuntimeError as e:\n'
            '    print(e)\n')
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=root), cwd=root)
    assert result.returncode == 0, result.stderr
    assert 'needs pytest' in result.stdout
