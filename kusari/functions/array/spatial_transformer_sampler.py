"""Bilinear sampling of images at given points (the spatial transformer sampler)."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail
from kusari.functions.array.get_item import get_item
from kusari.functions.array.pad import pad
from kusari.functions.array.reshape import reshape
from kusari.functions.array.stack import stack
from kusari.functions.array.transpose import transpose
from kusari.functions.array.where import where


def _pixel_coordinate(coord, size):
    """Coordinates in [-1, 1] mapped onto the zero-padded axis of ``size + 2`` pixels.

    Points further than one pixel outside are clamped (and get no gradient); the
    returned ints are the left neighbour of each point, in ``[0, size]``.
    """
    scaled = (coord + 1) * ((size - 1) / 2) + 1
    raw = scaled.array
    inside = (raw > 0) & (raw < size + 1)
    xp = get_array_module(raw)
    clamped = where(inside, scaled, xp.clip(raw, 0, size + 1).astype(raw.dtype))
    left = xp.clip(xp.floor(clamped.array), 0, size).astype(numpy.intp)
    return clamped, left


def spatial_transformer_sampler(x, grid, **kwargs):
    """Samples ``x`` bilinearly at the points of ``grid``.

    Points outside ``[-1, 1]`` read from the input padded with zeros.

    Args:
        x (Variable or array): float images of shape ``(n, c, h, w)``.
        grid (Variable or array): float coordinates of shape ``(n, 2, h_O, w_O)``;
            ``grid[:, 0]`` is the horizontal coordinate and ``grid[:, 1]`` the
            vertical one, ``(-1, -1)`` being the upper-left pixel of ``x``.

    Returns:
        Variable: the sampled images, of shape ``(n, c, h_O, w_O)`` and ``x``'s dtype.
    """
    from kusari.functions.math.sum import sum as sum_
    kwargs.pop('use_cudnn', None)
    if kwargs:
        raise TypeError('spatial_transformer_sampler() got unexpected arguments: {}'.format(
            ', '.join(kwargs)))
    x_array, grid_array = core.as_array(x), core.as_array(grid)
    check_float('spatial_transformer_sampler', 'x', x_array)
    check_float('spatial_transformer_sampler', 'grid', grid_array)
    check_ndim('spatial_transformer_sampler', 'x', x_array, 4)
    if (grid_array.ndim != 4 or grid_array.shape[1] != 2
            or grid_array.shape[0] != x_array.shape[0]):
        fail('spatial_transformer_sampler', 'grid', 'shape ({}, 2, h_O, w_O)'.format(
            x_array.shape[0]), grid_array.shape)
    if grid_array.dtype != x_array.dtype:
        fail('spatial_transformer_sampler', 'grid', 'dtype {}'.format(x_array.dtype),
             grid_array.dtype)
    xp = get_array_module(x_array)
    n, c, h, w = x_array.shape
    grid = core.as_variable(grid)
    u, u0 = _pixel_coordinate(grid[:, 0], w)
    v, v0 = _pixel_coordinate(grid[:, 1], h)
    # Pixels as rows of a (n * (h + 2) * (w + 2), c) table, read by flat index.
    table = reshape(transpose(pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)), 'constant'),
                              (0, 2, 3, 1)), (-1, c))
    base = xp.arange(n).reshape(n, 1, 1) * ((h + 2) * (w + 2))
    corners = [(v0 + dv) * (w + 2) + (u0 + du) + base for dv in (0, 1) for du in (0, 1)]
    pixels = get_item(table, xp.stack(corners))  # (4, n, h_O, w_O, c)
    wu1, wv1 = u - u0.astype(u.dtype), v - v0.astype(v.dtype)
    wu0, wv0 = 1 - wu1, 1 - wv1
    weights = stack([wv0 * wu0, wv0 * wu1, wv1 * wu0, wv1 * wu1])
    weights = reshape(weights, weights.shape + (1,))
    return transpose(sum_(pixels * weights, axis=0), (0, 3, 1, 2))
