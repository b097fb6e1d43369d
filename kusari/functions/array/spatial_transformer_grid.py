"""Sampling grids of affine spatial transformers."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, fail
from kusari.functions.array.reshape import reshape


def _target_coordinates(h, w, dtype, xp):
    """``(3, h * w)`` rows of x, y in [-1, 1] over the output grid, and ones."""
    ys, xs = numpy.meshgrid(numpy.linspace(-1, 1, h), numpy.linspace(-1, 1, w), indexing='ij')
    coords = numpy.stack([xs.ravel(), ys.ravel(), numpy.ones(h * w)])
    return xp.asarray(coords, dtype=dtype)


def spatial_transformer_grid(theta, output_shape, **kwargs):
    """Source coordinates of an affine warp for every output pixel.

    For each output pixel at normalized coordinates ``(x_t, y_t)`` in ``[-1, 1]``
    the source point is ``theta @ (x_t, y_t, 1)``.

    Args:
        theta (Variable or array): float array of shape ``(n, 2, 3)``.
        output_shape (tuple): ``(h_O, w_O)``.

    Returns:
        Variable: array of shape ``(n, 2, h_O, w_O)`` and ``theta``'s dtype; channel 0
        holds x (the horizontal coordinate) and channel 1 holds y, ``(-1, -1)`` being
        the upper-left corner of the input.
    """
    from kusari.functions.math.matmul import matmul
    kwargs.pop('use_cudnn', None)
    if kwargs:
        raise TypeError('spatial_transformer_grid() got unexpected arguments: {}'.format(
            ', '.join(kwargs)))
    array = core.as_array(theta)
    check_float('spatial_transformer_grid', 'theta', array)
    if array.ndim != 3 or array.shape[1:] != (2, 3):
        fail('spatial_transformer_grid', 'theta', 'shape (n, 2, 3)', array.shape)
    h, w = (int(s) for s in output_shape)
    coords = _target_coordinates(h, w, array.dtype, get_array_module(array))
    return reshape(matmul(theta, coords), (array.shape[0], 2, h, w))
