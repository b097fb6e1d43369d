"""HDF5 specifics: Chainer's representation of None and strings, and the h5py flag."""

import sys

import numpy
import pytest

from kusari.serializers import hdf5

h5py = pytest.importorskip('h5py')


def test_available_flag_without_importing_h5py(monkeypatch):
    assert hdf5._available is True
    monkeypatch.setitem(sys.modules, 'h5py', None)  # as if not installed
    assert hdf5._available is False
    with pytest.raises(RuntimeError, match='needs h5py'):
        hdf5.HDF5Serializer(None)


def test_none_is_an_empty_dataset_and_loads_as_none(tmp_path):
    path = str(tmp_path / 'f.h5')
    with h5py.File(path, 'w') as f:
        hdf5.HDF5Serializer(f)('w', None)
        assert f['w'].shape is None
        f.create_dataset('s', data='abc')
    with h5py.File(path, 'r') as f:
        d = hdf5.HDF5Deserializer(f)
        assert d('w', None) is None
        assert d('w', numpy.zeros(1)) is None
        assert d('s', '') == 'abc'
        with pytest.raises(ValueError, match="'s'.*cannot be loaded into float32"):
            d('s', numpy.zeros((), numpy.float32))


def test_save_hdf5_of_a_dict_writes_its_entries(tmp_path):
    # As Chainer: a dict is saved as datasets ('a/b' in a group), loadable into an object.
    path = str(tmp_path / 'd.h5')
    hdf5.save_hdf5(path, {'w': numpy.arange(3.0), 'a/b': numpy.array(2), 'none': None})
    with h5py.File(path, 'r') as f:
        numpy.testing.assert_array_equal(f['w'][()], [0, 1, 2])
        assert f['a']['b'][()] == 2
        assert f['none'].shape is None
