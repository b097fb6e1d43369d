import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr, check_function
from kusari.utils.type_check import InvalidType


@pytest.mark.parametrize('pad_width, keywords', [
    (1, {}),
    (((1, 2), (0, 3)), {'constant_values': 2.5}),
    ((2, 0), {'constant_values': -1}),
    (0, {}),
])
def test_constant_mode(uniform, pad_width, keywords):
    check_function(lambda x: F.pad(x, pad_width, 'constant', **keywords), uniform(3, 2),
                   lambda x: numpy.pad(x, pad_width, 'constant', **keywords))


@pytest.mark.parametrize('mode', ['edge', 'reflect', 'symmetric', 'wrap'])
@pytest.mark.parametrize('pad_width', [((2, 1), (0, 3)), 2])
def test_copying_modes(uniform, mode, pad_width):
    # Elements copied into the border send their gradient back to the original.
    check_function(lambda x: F.pad(x, pad_width, mode), uniform(3, 4),
                   lambda x: numpy.pad(x, pad_width, mode))


def test_bad_arguments(uniform):
    with pytest.raises(InvalidType, match='pad: invalid pad_width'):
        F.pad(uniform(3, 2), ((1, 1), (1, 1), (1, 1)), 'constant')
    with pytest.raises(InvalidType, match='pad: invalid pad_width'):
        F.pad(uniform(3, 2), -1, 'constant')
    with pytest.raises(InvalidType, match='pad: invalid mode'):
        F.pad(uniform(3, 2), 1, 'mean')
    with pytest.raises(InvalidType, match='pad: invalid mode'):
        F.pad(uniform(3, 2), 1, 'reflect', reflect_type='odd')


@attr.gpu
@pytest.mark.parametrize('mode', ['constant', 'reflect'])
def test_gpu(uniform, mode):
    check_function(lambda x: F.pad(x, ((2, 1), (0, 3)), mode), uniform(3, 4),
                   lambda x: numpy.pad(x, ((2, 1), (0, 3)), mode), device='@cupy:0')
