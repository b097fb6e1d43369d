"""Round-trip helpers for serialization tests."""

import os
import tempfile


def save_and_load(src, dst, filename, saver, loader):
    """Saves ``src`` to ``filename`` with ``saver`` and loads it into ``dst``.

    Args:
        src: the object to save.
        dst: the object to load into.
        filename (str): the file path.
        saver: ``saver(filename, src)``, e.g. ``serializers.save_npz``.
        loader: ``loader(filename, dst)``, e.g. ``serializers.load_npz``.
    """
    saver(filename, src)
    loader(filename, dst)


def _round_trip(src, dst, extension, saver, loader):
    with tempfile.TemporaryDirectory() as directory:
        save_and_load(src, dst, os.path.join(directory, 'snapshot' + extension),
                      saver, loader)


def save_and_load_npz(src, dst):
    """Saves ``src`` to a temporary .npz file and loads it into ``dst``.

    Args:
        src: the object to save (a Link, Optimizer, ...).
        dst: the object to load into.
    """
    from kusari import serializers
    _round_trip(src, dst, '.npz', serializers.save_npz, serializers.load_npz)


def save_and_load_hdf5(src, dst):
    """Saves ``src`` to a temporary HDF5 file and loads it into ``dst`` (needs h5py).

    Args:
        src: the object to save.
        dst: the object to load into.
    """
    from kusari import serializers
    _round_trip(src, dst, '.h5', serializers.save_hdf5, serializers.load_hdf5)
