import numpy
import pytest

from kusari import backend
from kusari.backends import _chainerx


def test_chainerx_names_are_kusaris_stand_ins():
    assert _chainerx.ChainerxDevice is backend.ChainerxDevice
    assert issubclass(_chainerx.ChainerxDevice, backend.Device)
    with pytest.raises(NotImplementedError, match='ChainerX'):
        _chainerx.ChainerxDevice()
    with pytest.raises(NotImplementedError, match='ChainerX'):
        _chainerx.to_chx(numpy.zeros(1))
    arrays = (numpy.zeros(1), None)
    assert _chainerx.from_chx(arrays) is arrays
