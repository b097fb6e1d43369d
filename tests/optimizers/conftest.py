import numpy
import pytest


@pytest.fixture
def grads():
    rng = numpy.random.RandomState(1)
    return [rng.normal(size=(3, 4)) for _ in range(6)]


@pytest.fixture
def init():
    return numpy.random.RandomState(2).normal(size=(3, 4))
