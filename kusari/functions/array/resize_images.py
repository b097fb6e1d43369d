"""Resizing images by bilinear or nearest-neighbour interpolation."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail


def _interpolation_matrix(in_size, out_size, mode, align_corners):
    """``(out_size, in_size)`` weights of the input pixels that make each output pixel."""
    if mode == 'nearest':
        lower = numpy.minimum(numpy.floor(numpy.arange(out_size) * (in_size / out_size)),
                              in_size - 1)
        frac = numpy.zeros(out_size)
    else:
        if align_corners:
            pos = numpy.linspace(0, in_size - 1, num=out_size)
        else:  # pixel centres, as OpenCV
            pos = numpy.maximum((numpy.arange(out_size) + 0.5) * (in_size / out_size) - 0.5, 0)
        frac, lower = numpy.modf(pos)
    lower = lower.astype(numpy.intp)
    upper = numpy.minimum(lower + 1, in_size - 1)
    rows = numpy.arange(out_size)
    matrix = numpy.zeros((out_size, in_size))
    numpy.add.at(matrix, (rows, lower), 1 - frac)
    numpy.add.at(matrix, (rows, upper), frac)
    return matrix


class ResizeImages(core.FunctionNode):
    """``M_h @ x @ M_w^T`` over the last two axes, for interpolation matrices ``M``.

    Both directions of a separable linear interpolation are small matrix products,
    which BLAS (or cuBLAS) runs faster than gathering neighbours for usual sizes.
    """

    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        rows, cols = xp.asarray(self.rows, x.dtype), xp.asarray(self.cols, x.dtype)
        return xp.matmul(xp.matmul(rows, x), cols.T),

    def backward(self, indexes, grad_outputs):
        return ResizeImages(self.rows.T, self.cols.T).apply(grad_outputs)


def resize_images(x, output_shape, *, mode='bilinear', align_corners=True):
    """Resizes images ``(n, c, h, w)`` to ``(n, c, h_O, w_O)``.

    Args:
        x (Variable or array): float images of shape ``(n, c, h, w)``.
        output_shape (tuple): ``(h_O, w_O)`` (height first, unlike OpenCV).
        mode (str): ``'bilinear'`` or ``'nearest'`` (which takes input pixel
            ``floor(i * h / h_O)``).
        align_corners (bool): for bilinear mode, map the corner pixels of the input
            onto those of the output; when False, sample at pixel centres as OpenCV.

    Returns:
        Variable: the resized images, of shape ``(n, c, h_O, w_O)`` and ``x``'s dtype.
    """
    array = core.as_array(x)
    check_float('resize_images', 'x', array)
    check_ndim('resize_images', 'x', array, 4)
    if mode not in ('bilinear', 'nearest'):
        fail('resize_images', 'mode', "'bilinear' or 'nearest'", repr(mode))
    out_h, out_w = (int(s) for s in output_shape)
    if out_h < 1 or out_w < 1:
        fail('resize_images', 'output_shape', 'positive sizes', output_shape)
    h, w = array.shape[2:]
    if h < 1 or w < 1:
        fail('resize_images', 'x', 'non-empty images', 'shape {}'.format(array.shape))
    return ResizeImages(_interpolation_matrix(h, out_h, mode, align_corners),
                        _interpolation_matrix(w, out_w, mode, align_corners)).apply((x,))[0]
