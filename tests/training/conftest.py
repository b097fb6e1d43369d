"""A small real training setup shared by the training tests."""

import numpy
import pytest

import kusari.links as L
from kusari import datasets, iterators, optimizers, training


def make_trainer(out, stop=(2, 'epoch'), batch=10, n=30, seed=0, optimizer='sgd'):
    """A Classifier(Linear(3, 2)) trainer on n random examples (n / batch iterations
    per epoch), shuffled with a generator seeded from ``seed``."""
    rng = numpy.random.RandomState(seed)
    x = rng.randn(n, 3).astype(numpy.float32)
    t = (x.sum(axis=1) > 0).astype(numpy.int32)
    numpy.random.seed(seed)
    model = L.Classifier(L.Linear(3, 2))
    opt = (optimizers.SGD(lr=0.1) if optimizer == 'sgd' else optimizers.Adam()).setup(model)
    it = iterators.SerialIterator(datasets.TupleDataset(x, t), batch, shuffle=True)
    return training.Trainer(training.StandardUpdater(it, opt), stop, out=str(out))


@pytest.fixture
def trainer_factory(tmp_path):
    def factory(**kwargs):
        return make_trainer(kwargs.pop('out', tmp_path / 'result'), **kwargs)
    return factory
