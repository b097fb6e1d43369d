"""Every function of ``kusari.functions``, forward and backward, on a device against the CPU.

Each case of :mod:`function_cases` runs twice with the same inputs and output
gradients: on the CPU (NumPy) and on a device; outputs and input gradients must
agree within the dtype's tolerance, live on the device and keep their dtypes.

Devices:

- ``fake``: :mod:`fake_cupy` on this machine. The device run is under
  ``strict_transfers``, so any mixing of host and device arrays, implicit
  ``numpy.asarray`` of device data, or device-to-host copy in forward or backward
  fails here, on every machine.
- ``gpu``: CuPy on GPU 0 (marked ``gpu``; skipped without one).
"""

import zlib

import numpy
import pytest

import kusari
import kusari.functions as F
from kusari import backend
from kusari.testing import attr

from tests.gpu import fake_cupy
from tests.gpu.function_cases import CASES

TOLERANCES = {
    numpy.dtype(numpy.float32): {'atol': 1e-4, 'rtol': 1e-4},
    numpy.dtype(numpy.float64): {'atol': 1e-9, 'rtol': 1e-7},
}


def _flatten(outputs):
    if isinstance(outputs, (list, tuple)):
        return [leaf for output in outputs for leaf in _flatten(output)]
    return [outputs]


def _evaluate(case, inputs, device, output_seed, strict):
    """Outputs and input gradients (on the device, as arrays) of one run of ``case``."""
    args = []
    for x in device.send(inputs):
        args.append(kusari.Variable(x) if x.dtype.kind == 'f' else x)
    call = (lambda *xs: case.call(device, *xs)) if case.device_arg else case.call
    with strict():
        outputs = _flatten(call(*args))
    variables = [y for y in outputs if isinstance(y, kusari.Variable)]
    differentiable = [y for y in variables if y.dtype.kind == 'f' and y.creator is not None]
    if case.backward and differentiable:
        rng = numpy.random.RandomState(output_seed)
        grads = [device.send(rng.uniform(-1, 1, y.shape).astype(y.dtype))
                 for y in differentiable]
        with strict():
            kusari.backward(differentiable, grads)
    arrays = [y.array if isinstance(y, kusari.Variable) else y for y in outputs]
    grads = [a.grad if isinstance(a, kusari.Variable) else None for a in args]
    return arrays, grads


def _to_host(values):
    host = []
    for value in values:
        if isinstance(value, fake_cupy.ndarray):
            value = fake_cupy.asnumpy(value)
        elif backend.is_array_supported(value):
            value = backend.CpuDevice().send(value)
        host.append(value)
    return host


def _check_on(device, case, dtype, strict):
    seed = zlib.crc32(case.label.encode())
    rng = numpy.random.RandomState(seed)
    inputs = tuple(x.astype(dtype) if x.dtype.kind == 'f' else x for x in case.make(rng))
    cpu_outputs, cpu_grads = _evaluate(case, inputs, backend.CpuDevice(), seed + 1,
                                       fake_cupy.allow_transfers)
    outputs, grads = _evaluate(case, inputs, device, seed + 1, strict)
    assert len(outputs) == len(cpu_outputs)
    for i, (y, expected) in enumerate(zip(outputs, cpu_outputs)):
        if not hasattr(expected, 'dtype'):
            assert y == expected, 'output {}'.format(i)
            continue
        assert device.is_array_supported(y), 'output {} is a {}, not on {}'.format(
            i, type(y).__name__, device)
    for i, (g, expected) in enumerate(zip(grads, cpu_grads)):
        assert (g is None) == (expected is None), 'grad of input {}'.format(i)
        if g is not None:
            assert device.is_array_supported(g), 'grad of input {} is a {}'.format(
                i, type(g).__name__)
    options = TOLERANCES[numpy.dtype(dtype)]
    pairs = [('output', cpu_outputs, outputs), ('grad of input', cpu_grads, grads)]
    for what, expected_values, values in pairs:
        for i, (expected, actual) in enumerate(zip(expected_values, _to_host(values))):
            if expected is None or not hasattr(expected, 'dtype'):
                continue
            assert actual.dtype == expected.dtype and actual.shape == expected.shape, (
                '{} {}: {} {} on the device, {} {} on the CPU'.format(
                    what, i, actual.dtype, actual.shape, expected.dtype, expected.shape))
            if not case.random:
                numpy.testing.assert_allclose(
                    actual, expected, err_msg='{} {}'.format(what, i), **options)


def _ids():
    return [c.label for c in CASES]


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('case', CASES, ids=_ids())
def test_function_on_fake_gpu_matches_cpu(case, dtype):
    strict = fake_cupy.allow_transfers if case.transfers else fake_cupy.strict_transfers
    with fake_cupy.installed():
        _check_on(backend.get_device('@cupy:0'), case, dtype, strict)


@attr.gpu
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('case', CASES, ids=_ids())
def test_function_on_gpu_matches_cpu(case, dtype):
    _check_on(backend.get_device('@cupy:0'), case, dtype, fake_cupy.allow_transfers)


def test_every_function_has_a_case():
    covered = {c.name for c in CASES}
    missing = sorted(set(F.__all__) - covered)
    assert not missing, 'functions without a device case: {}'.format(missing)
