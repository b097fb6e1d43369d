import numpy
import pytest

import kusari.links as L
from kusari import testing


def test_save_and_load_calls_saver_then_loader(tmp_path):
    calls = []

    def saver(filename, obj):
        calls.append(('save', filename, obj))
        numpy.save(filename, obj)

    def loader(filename, obj):
        calls.append(('load', filename, obj))
        obj[...] = numpy.load(filename)
    src = numpy.arange(4.0)
    dst = numpy.zeros(4)
    path = str(tmp_path / 'a.npy')
    testing.save_and_load(src, dst, path, saver, loader)
    assert calls == [('save', path, src), ('load', path, dst)]
    numpy.testing.assert_array_equal(dst, src)


def _linear_pair():
    src = L.Linear(3, 2)
    dst = L.Linear(3, 2)
    assert not numpy.array_equal(src.W.array, dst.W.array)
    return src, dst


def test_save_and_load_npz():
    src, dst = _linear_pair()
    testing.save_and_load_npz(src, dst)
    numpy.testing.assert_array_equal(dst.W.array, src.W.array)
    numpy.testing.assert_array_equal(dst.b.array, src.b.array)


def test_save_and_load_hdf5():
    pytest.importorskip('h5py')
    src, dst = _linear_pair()
    testing.save_and_load_hdf5(src, dst)
    numpy.testing.assert_array_equal(dst.W.array, src.W.array)
