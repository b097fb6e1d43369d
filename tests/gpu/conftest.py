"""The ``device`` fixture of the device tests: the fake GPU (NumPy behind CuPy's device
boundary) always, a real GPU when marked and present."""

import pytest

from kusari import backend, cuda

from tests.gpu import fake_cupy


@pytest.fixture(params=[
    'fake',
    pytest.param('gpu', marks=[pytest.mark.gpu, pytest.mark.skipif(
        not cuda.available, reason='needs CuPy and an NVIDIA GPU')]),
])
def device(request):
    if request.param == 'fake':
        with fake_cupy.installed():
            yield backend.get_device('@cupy:0')
    else:
        yield backend.get_device('@cupy:0')
