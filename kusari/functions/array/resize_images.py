"""Resizing images by bilinear or nearest-neighbour interpolation."""

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import check_float, check_ndim, fail


def _axis_weights(in_size, out_size, mode, align_corners):
    """Per output position: the two input positions and their weights along one axis."""
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
    return lower, upper, 1 - frac, frac


def _interpolate(x, axis, plan):
    """Linear interpolation of ``x`` along ``axis`` with the plan of _axis_weights."""
    lower, upper, w_lower, w_upper = plan
    shape = (-1,) + (1,) * (x.ndim - axis - 1)
    xp = get_array_module(x)
    w_lower = xp.asarray(w_lower, x.dtype).reshape(shape)
    w_upper = xp.asarray(w_upper, x.dtype).reshape(shape)
    y = x.take(xp.asarray(lower), axis=axis) * w_lower
    y += x.take(xp.asarray(upper), axis=axis) * w_upper
    return y


def _interpolate_adjoint(g, axis, plan, in_size):
    """The transpose of _interpolate: scatter-adds ``g`` back onto ``in_size`` positions."""
    lower, upper, w_lower, w_upper = plan
    xp = get_array_module(g)
    moved = xp.moveaxis(g, axis, -1)
    lead = moved.shape[:-1]
    rows = moved.reshape(-1, moved.shape[-1])
    # One bincount over (row, position) pairs for both neighbours.
    base = xp.arange(rows.shape[0])[:, None] * in_size
    indices = xp.concatenate([base + xp.asarray(lower), base + xp.asarray(upper)], axis=1)
    weights = xp.concatenate([rows * xp.asarray(w_lower, g.dtype),
                              rows * xp.asarray(w_upper, g.dtype)], axis=1)
    total = xp.bincount(indices.ravel(), weights=weights.ravel(),
                        minlength=rows.shape[0] * in_size)
    out = total.astype(g.dtype, copy=False).reshape(lead + (in_size,))
    return xp.moveaxis(out, -1, axis)


class ResizeImages(core.FunctionNode):
    """Separable interpolation over the last two axes of ``(n, c, h, w)``."""

    def __init__(self, plans, in_hw):
        self.plans = plans
        self.in_hw = in_hw

    def forward(self, inputs):
        x, = inputs
        return _interpolate(_interpolate(x, 2, self.plans[0]), 3, self.plans[1]),

    def backward(self, indexes, grad_outputs):
        return ResizeImagesGrad(self.plans, self.in_hw).apply(grad_outputs)


class ResizeImagesGrad(core.FunctionNode):
    """The adjoint of ResizeImages (its gradient with respect to the input)."""

    def __init__(self, plans, in_hw):
        self.plans = plans
        self.in_hw = in_hw

    def forward(self, inputs):
        g, = inputs
        g = _interpolate_adjoint(g, 3, self.plans[1], self.in_hw[1])
        return _interpolate_adjoint(g, 2, self.plans[0], self.in_hw[0]),

    def backward(self, indexes, grad_outputs):
        return ResizeImages(self.plans, self.in_hw).apply(grad_outputs)


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
        Variable: the resized images.
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
    plans = (_axis_weights(h, out_h, mode, align_corners),
             _axis_weights(w, out_w, mode, align_corners))
    return ResizeImages(plans, (h, w)).apply((x,))[0]
