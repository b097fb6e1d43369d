import numpy
import pytest

from kusari import functions as F
from kusari import links as L
from kusari import optimizers
from kusari import training
from kusari.dataset import convert
from kusari.iterators import SerialIterator


def make_data(n=6, seed=0):
    rng = numpy.random.RandomState(seed)
    return [(rng.randn(4).astype(numpy.float32), rng.randn(2).astype(numpy.float32))
            for _ in range(n)]


class Regression(L.Linear):
    def forward(self, x, t):
        return F.mean_squared_error(super().forward(x), t)


def gradient(model, batch):
    x, t = convert.concat_examples(batch)
    model.cleargrads()
    model(x, t).backward()
    return model.W.grad.copy(), model.b.grad.copy()


def test_parallel_updater_sums_the_gradients_of_the_parts():
    data = make_data()
    model = Regression(4, 2)
    W, b = model.W.array.copy(), model.b.array.copy()
    (gW0, gb0), (gW1, gb1) = gradient(model, data[0::2]), gradient(model, data[1::2])
    optimizer = optimizers.SGD(lr=0.1)
    optimizer.setup(model)
    updater = training.updaters.ParallelUpdater(
        SerialIterator(data, 6, shuffle=False), optimizer,
        devices={'main': '@numpy', 'second': '@numpy'})
    updater.update()
    numpy.testing.assert_allclose(model.W.array, W - 0.1 * (gW0 + gW1), rtol=1e-5)
    numpy.testing.assert_allclose(model.b.array, b - 0.1 * (gb0 + gb1), rtol=1e-5)
    second = updater._models['second']
    assert second is not model
    numpy.testing.assert_array_equal(second.W.array, model.W.array)  # copied back
    assert updater.iteration == 1 and updater.epoch == 1


def test_parallel_updater_initializes_lazy_parameters_and_reports_every_model():
    model = L.Classifier(L.Linear(None, 3))
    optimizer = optimizers.Adam()
    optimizer.setup(model)
    rng = numpy.random.RandomState(1)
    data = [(rng.randn(5).astype(numpy.float32), numpy.int32(i % 3)) for i in range(8)]
    updater = training.updaters.ParallelUpdater(
        SerialIterator(data, 4), optimizer, devices={'main': -1, 'other': -1})
    trainer = training.Trainer(updater, (2, 'iteration'))
    trainer.run()
    assert model.predictor.W.shape == (3, 5)
    numpy.testing.assert_array_equal(updater._models['other'].predictor.W.array,
                                     model.predictor.W.array)
    observation = trainer.observation
    assert 'main/loss' in observation and 'other/loss' in observation


def test_parallel_updater_needs_devices_with_main():
    optimizer = optimizers.SGD()
    optimizer.setup(Regression(4, 2))
    iterator = SerialIterator(make_data(), 2)
    with pytest.raises(ValueError, match='ParallelUpdater: either models or devices'):
        training.updaters.ParallelUpdater(iterator, optimizer)
    with pytest.raises(KeyError, match="'main' entry"):
        training.updaters.ParallelUpdater(iterator, optimizer, devices={'a': -1, 'b': -1})
    assert training.ParallelUpdater is training.updaters.ParallelUpdater


def test_multiprocess_parallel_updater_says_it_is_not_implemented():
    with pytest.raises(NotImplementedError, match='not implemented in kusari.*GPU.*'
                                                  'StandardUpdater'):
        training.updaters.MultiprocessParallelUpdater([], None, devices=[0, 1])
    assert not training.updaters.MultiprocessParallelUpdater.available()
