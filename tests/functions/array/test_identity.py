import numpy

import kusari
import kusari.functions as F
from kusari.testing import check_function


def test_one_and_several_inputs(uniform):
    check_function(F.identity, uniform(3, 2), lambda x: x)
    a, b = uniform(2), uniform(3, 1)
    check_function(F.identity, (a, b), lambda a, b: (a, b))


def test_outputs_are_new_variables(uniform):
    x = kusari.Variable(uniform(3))
    y = F.identity(x)
    assert y is not x and y.creator is not None
    numpy.testing.assert_array_equal(y.array, x.array)
