import numpy
import pytest

import kusari
import kusari.functions as F

FUNCTIONS = [(F.floor, numpy.floor), (F.ceil, numpy.ceil), (F.fix, numpy.fix),
             (F.sign, numpy.sign)]


@pytest.mark.parametrize('func, ref', FUNCTIONS, ids=[f.__name__ for f, _ in FUNCTIONS])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(3, 4), (), (0,)])
def test_forward(func, ref, dtype, shape):
    x = numpy.random.default_rng(6).uniform(-3, 3, shape).astype(dtype)
    y = func(kusari.Variable(x))
    assert type(y.array) is numpy.ndarray and y.dtype == dtype
    numpy.testing.assert_array_equal(y.array, ref(x))


@pytest.mark.parametrize('func', [F.floor, F.ceil, F.fix, F.sign])
def test_result_is_outside_the_graph(func):
    x = kusari.Variable(numpy.array([-1.5, 0.0, 2.5]))
    y = func(x)
    assert y.creator is None and not y.requires_grad


def test_accepts_a_raw_array():
    assert F.sign(numpy.array([-2.0, 3.0])).array.tolist() == [-1.0, 1.0]
