"""Training, device placement, serialization and batch conversion on a device.

Each test runs on two devices: ``fake`` (:mod:`fake_cupy` on this machine, where the
training steps run under ``strict_transfers``: no step may copy from the device to
the host) and ``gpu`` (CuPy on GPU 0, marked ``gpu``; skipped without one).
"""

import contextlib
import functools

import numpy
import pytest

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import backend, graph_optimizations, optimizers, serializers, training
from kusari.dataset import convert
from kusari.datasets import TupleDataset
from kusari.iterators import SerialIterator

from tests.gpu import fake_cupy


def strict():
    """No device-to-host copies allowed (checked on the fake device only)."""
    return fake_cupy.strict_transfers() if fake_cupy.is_installed() else (
        contextlib.nullcontext())


def host(array):
    return fake_cupy.asnumpy(array) if fake_cupy.is_installed() else backend.CpuDevice().send(
        array)


class MLP(kusari.Chain):
    """The MNIST example's network (784-100-100-10)."""

    def __init__(self, n_units=100, n_out=10):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(784, n_units)
            self.l2 = L.Linear(n_units, n_units)
            self.l3 = L.Linear(n_units, n_out)

    def forward(self, x):
        return self.l3(F.relu(self.l2(F.relu(self.l1(x)))))


def mnist_like(n, seed=0):
    """MNIST-shaped data (784 features in [0, 1], 10 classes) that an MLP can learn."""
    rng = numpy.random.RandomState(seed)
    centers = rng.uniform(0, 1, (10, 784)).astype(numpy.float32)
    labels = rng.randint(0, 10, n).astype(numpy.int32)
    images = numpy.clip(centers[labels] + rng.normal(0, 0.3, (n, 784)), 0, 1)
    return images.astype(numpy.float32), labels


def make_model(seed=1):
    numpy.random.seed(seed)
    return L.Classifier(MLP())


def train(model, device, images, labels, steps, batch=64):
    """Adam steps on fixed batches; the losses and accuracies as host floats."""
    model.to_device(device)
    optimizer = optimizers.Adam().setup(model)
    losses, accuracies = [], []
    with strict():
        for step in range(steps):
            index = slice(step * batch % len(images), step * batch % len(images) + batch)
            x, t = device.send((images[index], labels[index]))
            optimizer.update(model, x, t)
            losses.append(model.loss.array)
            accuracies.append(model.accuracy.array)
    return ([float(host(v)) for v in losses], [float(host(v)) for v in accuracies],
            optimizer)


def test_mnist_mlp_trains_on_device_as_on_cpu(device):
    # A few hundred steps on a GPU; enough to learn on the (slower) fake device.
    steps = 40 if fake_cupy.is_installed() else 300
    images, labels = mnist_like(640)
    cpu_losses, _, _ = train(make_model(), backend.CpuDevice(), images, labels, steps)
    losses, accuracies, optimizer = train(make_model(), device, images, labels, steps)
    # Same initial parameters and batches: the first steps agree to float32 rounding.
    numpy.testing.assert_allclose(losses[:20], cpu_losses[:20], rtol=1e-3)
    assert numpy.mean(losses[-10:]) < 0.05 * losses[0]
    assert numpy.mean(accuracies[-10:]) > 0.95
    for param in optimizer.target.params():
        assert device.is_array_supported(param.array)
        assert device.is_array_supported(param.grad)
        for value in param.update_rule.state.values():
            assert device.is_array_supported(value)


def test_parameters_persistents_and_state_move_with_the_link(device):
    model = kusari.Sequential(L.Linear(3, 4), L.BatchNormalization(4))
    model.to_device(device)
    assert model.device == device and model.xp is device.xp
    optimizer = optimizers.MomentumSGD().setup(model)
    x = device.send(numpy.random.RandomState(0).rand(5, 3).astype(numpy.float32))
    with strict():
        optimizer.update(lambda: F.sum(model(x) ** 2))
    for _, param in model.namedparams():
        assert device.is_array_supported(param.array)
        assert device.is_array_supported(param.grad)
        assert device.is_array_supported(param.update_rule.state['v'])
    batch_norm = model[1]
    assert device.is_array_supported(batch_norm.avg_mean)
    assert device.is_array_supported(batch_norm.avg_var)

    model.to_device('@numpy')
    assert isinstance(batch_norm.avg_mean, numpy.ndarray)
    assert all(isinstance(p.array, numpy.ndarray) and isinstance(p.grad, numpy.ndarray)
               for p in model.params())


def test_optimizer_state_follows_the_parameters_to_another_device(device):
    model = L.Linear(3, 2)
    optimizer = optimizers.Adam().setup(model)
    x = numpy.ones((2, 3), numpy.float32)
    optimizer.update(lambda: F.sum(model(x)))  # state created on the CPU
    model.to_device(device)
    optimizer.update(lambda: F.sum(model(device.send(x))))
    assert device.is_array_supported(model.W.update_rule.state['m'])


def test_uninitialized_parameters_are_created_on_the_device(device):
    model = L.Linear(None, 2)
    model.to_device(device)
    with strict():
        y = model(device.send(numpy.ones((3, 4), numpy.float32)))
    assert device.is_array_supported(model.W.array) and device.is_array_supported(y.array)


def _saved_model(path, device):
    model = L.Classifier(MLP(n_units=5))
    model.to_device(device)
    optimizer = optimizers.Adam().setup(model)
    x, t = mnist_like(8)
    optimizer.update(model, *device.send((x, t)))
    serializers.save_npz(str(path / 'model.npz'), model)
    serializers.save_npz(str(path / 'optimizer.npz'), optimizer)
    return model, optimizer


def test_npz_saved_on_device_loads_into_cpu_link_and_back(device, tmp_path):
    model, optimizer = _saved_model(tmp_path, device)
    cpu_model = L.Classifier(MLP(n_units=5))
    serializers.load_npz(str(tmp_path / 'model.npz'), cpu_model)
    for (name, param), (_, cpu_param) in zip(sorted(model.namedparams()),
                                             sorted(cpu_model.namedparams())):
        assert isinstance(cpu_param.array, numpy.ndarray)
        numpy.testing.assert_array_equal(cpu_param.array, host(param.array), err_msg=name)

    serializers.save_npz(str(tmp_path / 'cpu.npz'), cpu_model)
    on_device = L.Classifier(MLP(n_units=5))
    on_device.to_device(device)
    serializers.load_npz(str(tmp_path / 'cpu.npz'), on_device)
    for (name, param), (_, loaded) in zip(sorted(model.namedparams()),
                                          sorted(on_device.namedparams())):
        assert device.is_array_supported(loaded.array), name
        numpy.testing.assert_array_equal(host(loaded.array), host(param.array), err_msg=name)

    cpu_optimizer = optimizers.Adam().setup(cpu_model)
    serializers.load_npz(str(tmp_path / 'optimizer.npz'), cpu_optimizer)
    assert cpu_optimizer.t == optimizer.t == 1
    numpy.testing.assert_array_equal(cpu_model.predictor.l1.W.update_rule.state['m'],
                                     host(model.predictor.l1.W.update_rule.state['m']))


def test_hdf5_saved_on_device_loads_into_cpu_link(device, tmp_path):
    pytest.importorskip('h5py')
    model = L.Linear(3, 2)
    model.to_device(device)
    serializers.save_hdf5(str(tmp_path / 'model.h5'), model)
    cpu_model = L.Linear(3, 2)
    serializers.load_hdf5(str(tmp_path / 'model.h5'), cpu_model)
    numpy.testing.assert_array_equal(cpu_model.W.array, host(model.W.array))


class _RecordingClassifier(L.Classifier):
    """A Classifier that remembers the array types its inputs arrived as."""

    def forward(self, x, t):
        self.input_types = (type(x), type(t))
        return super().forward(x, t)


def test_standard_updater_sends_model_and_batches_to_the_device(device):
    images, labels = mnist_like(256)
    model = _RecordingClassifier(MLP(n_units=20))
    optimizer = optimizers.Adam().setup(model)
    iterator = SerialIterator(TupleDataset(images, labels), 32, shuffle=False)
    updater = training.updaters.StandardUpdater(iterator, optimizer, device=device)
    assert all(device.is_array_supported(p.array) for p in model.params())
    losses = []
    with strict():
        for _ in range(40):
            updater.update()
            losses.append(model.loss.array)
    assert model.input_types == (device.xp.ndarray, device.xp.ndarray)
    losses = [float(host(v)) for v in losses]
    assert numpy.mean(losses[-8:]) < 0.5 * numpy.mean(losses[:8])


def test_concat_examples_to_device(device):
    batch = [(numpy.full(2, i, numpy.float32), numpy.int32(i)) for i in range(3)]
    x, t = convert.concat_examples(batch, device)
    assert device.is_array_supported(x) and device.is_array_supported(t)
    numpy.testing.assert_array_equal(host(x), [[0, 0], [1, 1], [2, 2]])
    numpy.testing.assert_array_equal(host(t), [0, 1, 2])

    ragged = [numpy.arange(n, dtype=numpy.float32) for n in (1, 3)]
    padded = convert.concat_examples(ragged, device, padding=-1)
    numpy.testing.assert_array_equal(host(padded), [[0, -1, -1], [0, 1, 2]])

    as_dict = convert.concat_examples([{'a': numpy.ones(2)}, {'a': numpy.zeros(2)}], device)
    assert device.is_array_supported(as_dict['a'])


def test_concat_with_async_transfer_to_device(device):
    batch = [(numpy.full((2, 2), i, numpy.float32), numpy.int32(i)) for i in range(4)]
    converter = convert.ConcatWithAsyncTransfer()
    for _ in range(2):  # the second call waits for the first copy's buffers
        x, t = converter(batch, device)
        assert device.is_array_supported(x) and device.is_array_supported(t)
        numpy.testing.assert_array_equal(host(t), [0, 1, 2, 3])
        numpy.testing.assert_array_equal(host(x)[:, 0, 0], [0, 1, 2, 3])


def test_mixing_host_and_device_inputs_names_function_and_devices(device):
    host_x = kusari.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(TypeError, match=r'inputs are on different devices.*@numpy.*@cupy:0'):
        host_x + device.send(numpy.ones(2, numpy.float32))


def test_trainer_with_evaluator_reports_and_snapshot_on_device(device, tmp_path):
    """The reporting extensions take device values (0-d arrays) and the snapshot resumes."""
    from kusari.training import extensions
    images, labels = mnist_like(64)
    data = TupleDataset(images, labels)
    model = L.Classifier(MLP(n_units=10))
    model.to_device(device)
    optimizer = optimizers.Adam().setup(model)
    updater = training.updaters.StandardUpdater(SerialIterator(data, 16), optimizer,
                                                device=device)
    trainer = training.Trainer(updater, (2, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.Evaluator(SerialIterator(data, 16, repeat=False, shuffle=False),
                                        model, device=device))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss', 'validation/main/loss']),
                   trigger=(1, 'epoch'))
    trainer.extend(extensions.ParameterStatistics(model.predictor.l1))
    trainer.extend(extensions.observe_lr())
    trainer.extend(extensions.snapshot(), trigger=(2, 'epoch'))
    trainer.run()
    log = trainer.get_extension('LogReport').log
    assert [entry['epoch'] for entry in log] == [1, 2]
    assert all(isinstance(entry['validation/main/loss'], float) for entry in log)
    assert 'l1/W/data/mean' in trainer.observation
    resumed = L.Classifier(MLP(n_units=10))
    serializers.load_npz(str(tmp_path / 'snapshot_iter_8'), resumed, path='updater/model:main/')
    numpy.testing.assert_array_equal(resumed.predictor.l1.W.array,
                                     host(model.predictor.l1.W.array))


def test_a_captured_step_on_the_device_is_define_by_run_bit_for_bit(device):
    # capture_step replays forward, backward and update on device arrays; each gradient
    # stays a device array of its parameter's own
    images, labels = mnist_like(96)
    results = []
    for capture in (False, True):
        model = make_model()
        model.to_device(device)
        optimizer = optimizers.SGD(lr=0.1).setup(model)
        step = (graph_optimizations.capture_step(optimizer, model) if capture else
                functools.partial(optimizer.update, model))
        with strict():
            for start in range(0, 96, 16):
                step(*device.send((images[start:start + 16], labels[start:start + 16])))
        grads = [param.grad for param in model.params()]
        assert all([device.is_array_supported(g) for g in grads])
        assert len(set(map(id, grads))) == len(grads)
        results.append([host(param.array) for param in model.params()] +
                       [host(g) for g in grads])
    assert len([entry for entry in step.schedules.values()
                if type(entry).__name__ == '_Replay']) == 1
    for captured, define_by_run in zip(results[1], results[0]):
        numpy.testing.assert_array_equal(captured, define_by_run)
