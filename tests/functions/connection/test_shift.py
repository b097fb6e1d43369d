import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(7)


def reference(x, ksize, dilate):
    kh, kw = ksize
    groups = kh * kw
    size = x.shape[1] // groups
    y = numpy.zeros_like(x)
    for c in range(x.shape[1]):
        g = c // size if c < groups * size else None
        if g is None:
            y[:, c] = x[:, c]
            continue
        tap = {groups // 2: groups - 1, groups - 1: groups // 2}.get(g, g)
        dy, dx = (tap // kw - kh // 2) * dilate[0], (tap % kw - kw // 2) * dilate[1]
        for i, j in numpy.ndindex(x.shape[2:]):
            if 0 <= i - dy < x.shape[2] and 0 <= j - dx < x.shape[3]:
                y[:, c, i, j] = x[:, c, i - dy, j - dx]
    return y


@pytest.mark.parametrize('channels, ksize, dilate', [
    (11, 3, 1), (20, (3, 5), (1, 2)), (9, 3, -1), (15, (1, 5), 2)])
def test_shift(channels, ksize, dilate):
    k = (ksize, ksize) if isinstance(ksize, int) else ksize
    d = (dilate, dilate) if isinstance(dilate, int) else dilate
    check_function(lambda x: F.shift(x, ksize, dilate), rng.uniform(-1, 1, (2, channels, 5, 6)),
                   lambda x: reference(x, k, d))


def test_known_layout():
    # Chainer's order: taps row-major, the centre (no shift) swapped with the last.
    x = numpy.zeros((1, 9, 3, 3), numpy.float32)
    x[:, :, 1, 1] = 1
    moved = [tuple(numpy.argwhere(c)[0] - 1) for c in F.shift(x).array[0]]
    assert moved == [(-1, -1), (-1, 0), (-1, 1), (0, -1), (1, 1), (0, 1), (1, -1), (1, 0),
                     (0, 0)]


def test_invalid_arguments():
    with pytest.raises(ValueError, match='ksize must be odd'):
        F.shift(numpy.zeros((1, 9, 3, 3), 'f'), ksize=2)
    with pytest.raises(InvalidType, match='shift: invalid x'):
        F.shift(numpy.zeros((1, 8, 3, 3), 'f'))
