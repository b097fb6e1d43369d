"""Links and optimizers on a device against the CPU (fake GPU here, real GPU when marked).

A link is built once on the CPU, copied, and the copy moved to the device; both run
the same forward and backward (on the fake device under ``strict_transfers``) and
must agree in outputs and parameter gradients. Every optimizer then makes the same
updates on both copies.
"""

import copy

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import backend, optimizers

from tests.gpu import fake_cupy

R = numpy.random.RandomState(7)


def f32(*shape):
    return R.uniform(-1, 1, shape).astype(numpy.float32)


LINKS = [
    ('Linear', lambda: L.Linear(4, 3), lambda: (f32(2, 4),)),
    ('Convolution2D', lambda: L.Convolution2D(2, 3, 3, pad=1), lambda: (f32(2, 2, 5, 5),)),
    ('Deconvolution2D', lambda: L.Deconvolution2D(2, 3, 3, stride=2),
     lambda: (f32(2, 2, 3, 3),)),
    ('DepthwiseConvolution2D', lambda: L.DepthwiseConvolution2D(2, 2, 3),
     lambda: (f32(1, 2, 4, 4),)),
    ('BatchNormalization', lambda: L.BatchNormalization(3), lambda: (f32(4, 3),)),
    ('LayerNormalization', lambda: L.LayerNormalization(3), lambda: (f32(4, 3),)),
    ('GroupNormalization', lambda: L.GroupNormalization(2, 4), lambda: (f32(2, 4, 3),)),
    ('EmbedID', lambda: L.EmbedID(5, 3, ignore_label=-1),
     lambda: (numpy.array([1, -1, 4], numpy.int32),)),
    ('LSTM', lambda: L.LSTM(3, 4), lambda: (f32(2, 3),)),
    ('GRU', lambda: L.StatefulGRU(3, 4), lambda: (f32(2, 3),)),
    ('StatelessLSTM', lambda: L.StatelessLSTM(3, 4), lambda: (None, None, f32(2, 3))),
    ('NStepLSTM', lambda: L.NStepLSTM(1, 3, 4, 0.0),
     lambda: (None, None, [f32(3, 3), f32(2, 3)])),
    ('NStepBiGRU', lambda: L.NStepBiGRU(1, 3, 4, 0.0), lambda: (None, [f32(3, 3), f32(1, 3)])),
    ('Bilinear', lambda: L.Bilinear(2, 3, 4), lambda: (f32(2, 2), f32(2, 3))),
    ('Maxout', lambda: L.Maxout(3, 2, 2), lambda: (f32(2, 3),)),
    ('PReLU', lambda: L.PReLU(), lambda: (f32(2, 3),)),
    ('Highway', lambda: L.Highway(3), lambda: (f32(2, 3),)),
    ('Scale', lambda: L.Scale(axis=1, W_shape=(3,), bias_term=True), lambda: (f32(2, 3),)),
    ('Classifier', lambda: L.Classifier(L.Linear(3, 4)),
     lambda: (f32(5, 3), numpy.array([0, 3, 1, 2, 2], numpy.int32))),
    ('CRF1d', lambda: L.CRF1d(3), lambda: ([f32(2, 3), f32(1, 3)],
                                            [numpy.array([0, 2], numpy.int32),
                                             numpy.array([1], numpy.int32)])),
]


# Device-to-host copies these make on purpose, with the reason.
TRANSFERS = {
    'EmbedID': 'F.embed_id checks the range of the ids on the host on every call',
    'Eve': 'the loss value steers the step size on the host, once per update (as in Chainer)',
}


def _strict(name):
    if fake_cupy.is_installed() and name not in TRANSFERS:
        return fake_cupy.strict_transfers()
    return fake_cupy.allow_transfers()


def _host(array):
    return fake_cupy.asnumpy(array) if isinstance(array, fake_cupy.ndarray) else (
        backend.CpuDevice().send(array))


def _leaves(value):
    if isinstance(value, (list, tuple)):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


def _run(name, link, inputs, device):
    link.cleargrads()
    args = device.send(inputs)
    with _strict(name):
        outputs = [y for y in _leaves(link(*args)) if isinstance(y, kusari.Variable)]
        loss = sum(F.sum(y * y) for y in outputs if y.dtype.kind == 'f')
        loss.backward()
    return ([_host(y.array) for y in outputs],
            {name: _host(p.grad) for name, p in link.namedparams() if p.grad is not None})


@pytest.mark.parametrize('name, make_link, make_inputs', LINKS, ids=[c[0] for c in LINKS])
def test_link_on_device_matches_cpu(device, name, make_link, make_inputs):
    numpy.random.seed(0)
    link = make_link()
    inputs = make_inputs()
    on_device = copy.deepcopy(link)
    on_device.to_device(device)
    expected, expected_grads = _run(name, link, inputs, backend.CpuDevice())
    outputs, grads = _run(name, on_device, inputs, device)
    assert all(device.is_array_supported(p.array) for p in on_device.params())
    for actual, wanted in zip(outputs, expected):
        numpy.testing.assert_allclose(actual, wanted, rtol=1e-4, atol=1e-5)
    assert grads.keys() == expected_grads.keys()
    for key in grads:
        numpy.testing.assert_allclose(grads[key], expected_grads[key], rtol=1e-4, atol=1e-5,
                                      err_msg=key)


OPTIMIZERS = [
    ('SGD', lambda: optimizers.SGD()), ('MomentumSGD', lambda: optimizers.MomentumSGD()),
    ('NesterovAG', lambda: optimizers.NesterovAG()),
    ('CorrectedMomentumSGD', lambda: optimizers.CorrectedMomentumSGD()),
    ('AdaGrad', lambda: optimizers.AdaGrad()), ('AdaDelta', lambda: optimizers.AdaDelta()),
    ('Adam', lambda: optimizers.Adam()), ('AdamW', lambda: optimizers.AdamW()),
    ('AMSGrad', lambda: optimizers.AMSGrad()), ('AdaBound', lambda: optimizers.AdaBound()),
    ('AMSBound', lambda: optimizers.AMSBound()), ('RMSprop', lambda: optimizers.RMSprop()),
    ('RMSpropGraves', lambda: optimizers.RMSpropGraves()),
    ('SMORMS3', lambda: optimizers.SMORMS3()), ('MSVAG', lambda: optimizers.MSVAG()),
    ('Eve', lambda: optimizers.Eve()),
]


@pytest.mark.parametrize('name, make', OPTIMIZERS, ids=[o[0] for o in OPTIMIZERS])
def test_optimizer_on_device_matches_cpu(device, name, make):
    numpy.random.seed(0)
    model = L.Linear(4, 3)
    on_device = copy.deepcopy(model)
    on_device.to_device(device)
    x = f32(5, 4)
    results = []
    for link, where in ((model, backend.CpuDevice()), (on_device, device)):
        optimizer = make().setup(link)
        x_here = where.send(x)
        for _ in range(3):
            with _strict(name):
                optimizer.update(lambda link=link, x=x_here: F.sum(link(x) ** 2))
        results.append({n: _host(p.array) for n, p in link.namedparams()})
        if link is on_device:
            for param in link.params():
                assert all(device.is_array_supported(v) for v in param.update_rule.state.values()
                           if hasattr(v, 'shape'))
    for key in results[0]:
        numpy.testing.assert_allclose(results[1][key], results[0][key], rtol=1e-4, atol=1e-6,
                                      err_msg=key)
