"""Serializers: save and load links, optimizers and trainers (NPZ, HDF5, safetensors)."""

from kusari.serializers.npz import (DictionarySerializer, NpzDeserializer, load_npz,  # NOQA
                                    save_npz)
from kusari.serializers.hdf5 import HDF5Deserializer, HDF5Serializer, load_hdf5, save_hdf5  # NOQA
from kusari.serializers.safetensors import load_safetensors, save_safetensors  # NOQA
