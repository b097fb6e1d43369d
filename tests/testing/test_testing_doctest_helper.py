"""testing.doctest_helper: conditions of doctests' :skipif: options."""

from kusari.testing import doctest_helper


def test_skipif_except_on_read_the_docs(monkeypatch):
    monkeypatch.delenv('READTHEDOCS', raising=False)
    assert doctest_helper.skipif(True) is True
    assert doctest_helper.skipif(False) is False
    monkeypatch.setenv('READTHEDOCS', 'True')
    assert doctest_helper.skipif(True) is False


def test_skipif_requires_satisfied(monkeypatch):
    monkeypatch.delenv('READTHEDOCS', raising=False)
    assert doctest_helper.skipif_requires_satisfied('numpy>=1')
    assert not doctest_helper.skipif_requires_satisfied('numpy>=1', 'numpy<1')
    assert not doctest_helper.skipif_requires_satisfied('no-such-distribution-kusari')


def test_skipif_not_enough_cuda_devices(monkeypatch):
    monkeypatch.delenv('READTHEDOCS', raising=False)
    monkeypatch.delenv('KUSARI_TEST_GPU_LIMIT', raising=False)
    monkeypatch.setenv('CHAINER_TEST_GPU_LIMIT', '1')
    assert doctest_helper.skipif_not_enough_cuda_devices(2)
    assert not doctest_helper.skipif_not_enough_cuda_devices(1)
    monkeypatch.setenv('CHAINER_TEST_GPU_LIMIT', '-1')  # no limit
    assert not doctest_helper.skipif_not_enough_cuda_devices(8)
