"""The one window geometry that convolutions, poolings and im2col share."""

import itertools

import numpy
import pytest

from kusari.utils import _conv_geometry as geometry


@pytest.mark.parametrize('size, k, s, p, d, cover_all', [
    (n, k, s, p, d, c) for n, k, s, p, d, c in itertools.product(
        (1, 5, 8), (1, 2, 3), (1, 2, 3), (0, 1, 2), (1, 2), (False, True))
    if geometry.get_conv_outsize(n, k, s, p, c, d) > 0])
def test_every_tap_reads_out_positions_inside_the_padding(size, k, s, p, d, cover_all):
    out = geometry.get_conv_outsize(size, k, s, p, cover_all, d)
    padded = numpy.arange(p + size + geometry.far_pad(size, k, s, p, d, out))
    for tap in range(k):
        assert len(padded[geometry.tap_slice(tap * d, s, out)]) == out
    assert geometry.reach(k, s, d, out) <= len(padded)
    # Without cover_all, no window starts beyond the far padding.
    if not cover_all:
        assert geometry.far_pad(size, k, s, p, d, out) <= p


def test_im2col_pads_with_pval_and_col2im_is_its_adjoint():
    rng = numpy.random.default_rng(0)
    img = rng.standard_normal((2, 3, 5, 4))
    col = geometry.im2col(img, (3, 2), (2, 1), (1, 1), pval=-7.0, dilate=(1, 2),
                          cover_all=True)
    assert col.shape == (2, 3, 3, 2, 3, 4)
    assert (col == -7.0).any()
    zero_padded = geometry.im2col(img, (3, 2), (2, 1), (1, 1), dilate=(1, 2), cover_all=True)
    g = rng.standard_normal(col.shape)
    back = geometry.col2im(g, (2, 1), (1, 1), (5, 4), (1, 2))
    numpy.testing.assert_allclose((zero_padded * g).sum(), (img * back).sum())


def test_im2col_refuses_an_empty_output():
    with pytest.raises(ValueError, match='not positive'):
        geometry.im2col(numpy.zeros((1, 1, 2, 2)), 5, 1, 0)
