import numpy
import pytest


@pytest.fixture
def uniform():
    """``uniform(*shape)``: a float64 array drawn from U(-1, 1) with a fixed seed."""
    generator = numpy.random.RandomState(0)

    def draw(*shape):
        return generator.uniform(-1, 1, shape)
    return draw
