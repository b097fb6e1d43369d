import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(1)
UNARY = [
    (F.sin, numpy.sin, (-3, 3)),
    (F.cos, numpy.cos, (-3, 3)),
    (F.tan, numpy.tan, (-1.2, 1.2)),
    (F.arcsin, numpy.arcsin, (-0.9, 0.9)),
    (F.arccos, numpy.arccos, (-0.9, 0.9)),
    (F.arctan, numpy.arctan, (-3, 3)),
]
names = [f.__name__ for f, _, _ in UNARY]


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
@pytest.mark.parametrize('shape', [(3, 4), (0, 2)])
def test_unary(func, ref, bounds, shape):
    check_function(func, rng.uniform(*bounds, shape), ref)


@pytest.mark.parametrize('func, ref, bounds', UNARY, ids=names)
def test_unary_0d(func, ref, bounds, on_0d):
    function, reference = on_0d(func, ref)
    check_function(function, rng.uniform(*bounds, (1,)), reference)


def test_name_label_and_doc():
    assert F.arcsin.__name__ == 'arcsin' and 'inverse sine' in F.arcsin.__doc__
    node = F.arcsin(kusari.Variable(numpy.array([0.5]))).creator
    # Chainer's class, a module attribute, labelled with the function's name
    assert type(node) is F.math.trigonometric.Arcsin and node.label == 'arcsin'


def test_arctan2():
    x1 = rng.uniform(-2, 2, (3, 4))
    x2 = rng.uniform(0.5, 2, (3, 4)) * rng.choice([-1, 1], (3, 4))
    check_function(F.arctan2, (x1, x2), numpy.arctan2)


def test_arctan2_broadcasts():
    check_function(F.arctan2, (rng.uniform(-2, 2, (3, 4)), rng.uniform(0.5, 2, (4,))),
                   numpy.arctan2, dtypes=(numpy.float64,))


def test_integer_input_is_rejected():
    with pytest.raises(InvalidType, match='sin: invalid x'):
        F.sin(numpy.arange(3))


def test_arctan2_mismatched_dtypes():
    with pytest.raises(InvalidType, match='arctan2: invalid dtypes of x1 and x2'):
        F.arctan2(numpy.ones(2, numpy.float32), numpy.ones(2, numpy.float64))


def test_arctan2_unbroadcastable_shapes():
    with pytest.raises(InvalidType, match='arctan2: invalid shapes of x1 and x2'):
        F.arctan2(numpy.ones((2, 3)), numpy.ones((4,)))
