import pytest

import kusari
from kusari import initializer, initializers


@pytest.mark.parametrize('shape, fans', [((2, 1), (1, 2)), ((2, 3, 4), (12, 8)),
                                         ((2, 3, 4, 5), (60, 40))])
def test_get_fans(shape, fans):
    assert initializer.get_fans(shape) == fans


@pytest.mark.parametrize('shape', [(), (2,), [2, 3]])
def test_get_fans_invalid(shape):
    with pytest.raises(ValueError, match='get_fans'):
        initializer.get_fans(shape)


def test_one_initializer_base_class():
    assert kusari.Initializer is initializer.Initializer is initializers.Initializer
    assert issubclass(initializers.Normal, initializer.Initializer)
    with pytest.raises(NotImplementedError):
        initializer.Initializer()(None)
