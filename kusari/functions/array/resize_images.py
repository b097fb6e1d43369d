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


def _interpolate(x, rows, cols):
    """``rows @ x @ cols^T`` over the last two axes.

    Both directions of a separable linear interpolation are small matrix products,
    which BLAS (or cuBLAS) runs faster than gathering neighbours for usual sizes.
    """
    xp = get_array_module(x)
    rows, cols = xp.asarray(rows, x.dtype), xp.asarray(cols, x.dtype)
    return xp.matmul(xp.matmul(rows, x), cols.T)


class ResizeImages(core.FunctionNode):
    """Resizes images to ``(out_H, out_W)`` with the interpolation matrices of ``mode`` and
    ``align_corners``; its gradient is :class:`ResizeImagesGrad` (the transposed matrices)."""

    def __init__(self, output_shape, mode='bilinear', align_corners=True):
        self.out_H, self.out_W = output_shape
        self.mode = mode
        self.align_corners = align_corners

    def forward(self, inputs):
        x, = inputs
        h, w = x.shape[2:]
        self.rows = _interpolation_matrix(h, self.out_H, self.mode, self.align_corners)
        self.cols = _interpolation_matrix(w, self.out_W, self.mode, self.align_corners)
        return _interpolate(x, self.rows, self.cols),

    def backward(self, indexes, grad_outputs):
        return ResizeImagesGrad(self.rows.T, self.cols.T).apply(grad_outputs)


class ResizeImagesGrad(core.FunctionNode):
    """``rows @ g @ cols^T`` for fixed ``rows`` and ``cols``; its gradient is itself with the
    matrices transposed."""

    def __init__(self, rows, cols):
        self.rows = rows
        self.cols = cols

    def forward(self, inputs):
        return _interpolate(inputs[0], self.rows, self.cols),

    def backward(self, indexes, grad_outputs):
        return ResizeImagesGrad(self.rows.T, self.cols.T).apply(grad_outputs)


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
    return ResizeImages((out_h, out_w), mode, align_corners).apply((x,))[0]
