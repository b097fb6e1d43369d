"""The random source of the random initializers."""

import numpy


def fill_normal(array, scale, rng=None):
    rng = numpy.random if rng is None else rng
    array[...] = rng.normal(loc=0.0, scale=scale, size=array.shape)


def fill_uniform(array, scale, rng=None):
    rng = numpy.random if rng is None else rng
    array[...] = rng.uniform(low=-scale, high=scale, size=array.shape)
