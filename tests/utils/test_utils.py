import collections.abc
import os
import warnings

import numpy
import pytest

import kusari
from kusari import utils


def test_force_array_turns_scalars_into_0d_arrays():
    y = utils.force_array(numpy.float32(2))
    assert isinstance(y, numpy.ndarray) and y.shape == () and y.dtype == numpy.float32
    assert utils.force_array(3.0, numpy.float16).dtype == numpy.float16


def test_force_array_keeps_arrays_and_casts_them():
    x = numpy.arange(3, dtype=numpy.float32)
    assert utils.force_array(x) is x
    assert utils.force_array(x, numpy.float32) is x
    assert utils.force_array(x, numpy.float64).dtype == numpy.float64


def test_force_type():
    f16 = numpy.dtype(numpy.float16)
    assert type(utils.force_type(f16, 1.5)) is numpy.float16
    x = numpy.ones(2, numpy.float32)
    assert utils.force_type(numpy.dtype(numpy.float32), x) is x
    assert utils.force_type(f16, x).dtype == f16


def test_size_of_shape():
    assert utils.size_of_shape(()) == 1
    size = utils.size_of_shape((numpy.int64(2), 3, 4))
    assert size == 24 and type(size) is int
    assert utils.array.size_of_shape((0, 5)) == 0


def test_collections_abc_alias():
    assert utils.collections_abc is collections.abc


def test_experimental_warns_unless_disabled(monkeypatch):
    with pytest.warns(FutureWarning, match='kusari.foo is experimental'):
        utils.experimental('kusari.foo')
    monkeypatch.setattr(kusari, 'disable_experimental_feature_warning', True)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        utils.experimental('kusari.foo')


def test_tempdir_is_removed_on_exit():
    with utils.tempdir(prefix='kusari-') as path:
        assert os.path.basename(path).startswith('kusari-')
        open(os.path.join(path, 'f'), 'w').close()
    assert not os.path.exists(path)


def test_modules_are_attributes():
    import subprocess
    import sys
    code = ('import kusari; u = kusari.utils; '
            'print(u.type_check.expect.__module__, u.cache.cached_property.__name__, '
            'u.conv_nd.im2col_nd.__name__)')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ['kusari.utils.type_check', 'cached_property', 'im2col_nd']
    with pytest.raises(AttributeError, match='no_such_module'):
        _ = utils.no_such_module
