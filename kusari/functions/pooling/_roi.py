"""Shared machinery of the RoI pooling functions.

Every RoI function reads the input as a table of pixels ``x2 (N * H * W, C)``
(one row per pixel, channels in columns) and is built from linear nodes whose
gradients are linear nodes again:

* :class:`RowGather`: rows of the output are weighted sums of rows of the input
  (average pooling over bins, bilinear sampling); its gradient is the same node
  with rows and columns exchanged;
* :class:`ChannelPick` / :class:`ChannelPut`: per output element, one row of the
  input chosen per channel (the argmax of max pooling).

The plans (which rows, which weights) depend only on the RoIs, which get no
gradient, so every function is differentiable any number of times in ``x``.
Each function records one :class:`ROIPoolingNode` under Chainer's name, which runs
the stages in its forward and their adjoints in its backward.
"""

import collections.abc
import numbers

import numpy

from kusari import core
from kusari.backend import get_array_module
from kusari.functions._checks import fail
from kusari.functions.array.reshape import reshape
from kusari.functions.array.transpose import transpose


def _scatter_add(out, index, values):
    xp = get_array_module(out)
    if xp is numpy:
        numpy.add.at(out, index, values)
    else:
        import cupyx
        cupyx.scatter_add(out, index, values)


class RowGather(core.FunctionNode):
    """``y[rows[k]] += weights[k] * x[cols[k]]`` into ``n_rows`` output rows."""

    def __init__(self, rows, cols, weights, n_rows):
        self.plan = (rows, cols, weights)
        self.n_rows = n_rows

    def forward(self, inputs):
        x, = inputs
        self._n_in = x.shape[0]
        rows, cols, weights = self.plan
        y = get_array_module(x).zeros((self.n_rows, x.shape[1]), dtype=x.dtype)
        _scatter_add(y, rows, x[cols] * weights.astype(x.dtype)[:, None])
        return y,

    def backward(self, indexes, grad_outputs):
        rows, cols, weights = self.plan
        return RowGather(cols, rows, weights, self._n_in).apply(grad_outputs)


class ChannelPick(core.FunctionNode):
    """``y[b, c] = x[pick[b, c], c]``, or ``fill`` where ``pick[b, c] < 0``."""

    def __init__(self, pick, fill=0.0):
        self.pick = pick
        self.fill = fill

    def forward(self, inputs):
        x, = inputs
        xp = get_array_module(x)
        self._n_in = x.shape[0]
        empty = self.pick < 0
        y = x[xp.where(empty, 0, self.pick), xp.arange(x.shape[1])]
        y[empty] = self.fill
        return y,

    def backward(self, indexes, grad_outputs):
        return ChannelPut(self.pick, self._n_in).apply(grad_outputs)


class ChannelPut(core.FunctionNode):
    """Adjoint of :class:`ChannelPick`: adds ``g[b, c]`` to row ``pick[b, c]`` of column ``c``."""

    def __init__(self, pick, n_rows):
        self.pick = pick
        self.n_rows = n_rows

    def forward(self, inputs):
        g, = inputs
        xp = get_array_module(g)
        out = xp.zeros((self.n_rows, g.shape[1]), dtype=g.dtype)
        valid = self.pick >= 0
        channels = xp.broadcast_to(xp.arange(g.shape[1]), g.shape)
        _scatter_add(out, (self.pick[valid], channels[valid]), g[valid])
        return out,

    def backward(self, indexes, grad_outputs):
        return ChannelPick(self.pick).apply(grad_outputs)


def segment_argmax(values, segments, n_segments):
    """Per segment and column, the row of the first maximum of ``values`` (-1: empty segment).

    ``segments`` gives each row's segment, in non-decreasing order.
    """
    pick = numpy.full((n_segments, values.shape[1]), -1, dtype=numpy.intp)
    if not len(segments):
        return pick
    starts = numpy.flatnonzero(numpy.r_[True, segments[1:] != segments[:-1]])
    best = numpy.maximum.reduceat(values, starts, axis=0)
    lengths = numpy.diff(numpy.r_[starts, len(segments)])
    is_best = values == numpy.repeat(best, lengths, axis=0)
    rows = numpy.where(is_best, numpy.arange(len(segments))[:, None], len(segments))
    pick[segments[starts]] = numpy.minimum.reduceat(rows, starts, axis=0)
    return pick


def check_inputs(func, x, rois, roi_indices, roi_width):
    """Check ``x (N, C, H, W)``, ``rois (R, roi_width)`` and ``roi_indices (R,)`` (if given)."""
    if x.dtype.kind != 'f' or x.ndim != 4:
        fail(func, 'x', 'a 4-d float array (N, C, H, W)', 'shape {} and dtype {}'.format(
            x.shape, x.dtype))
    if rois.ndim != 2 or rois.shape[1] != roi_width or rois.dtype != x.dtype:
        fail(func, 'rois', 'shape (R, {}) and dtype {}'.format(roi_width, x.dtype),
             'shape {} and dtype {}'.format(rois.shape, rois.dtype))
    if roi_indices is not None and (roi_indices.dtype != numpy.int32 or
                                    roi_indices.shape != (rois.shape[0],)):
        fail(func, 'roi_indices', 'int32 array of shape ({},)'.format(rois.shape[0]),
             'shape {} and dtype {}'.format(roi_indices.shape, roi_indices.dtype))


def _pair(value):
    """``value`` twice, or the pair it is (NumPy integers count as ints)."""
    return tuple(value) if isinstance(value, collections.abc.Iterable) else (value, value)


def parse_outsize(func, outsize, spatial_scale):
    pair = _pair(outsize)
    if len(pair) != 2 or not all(isinstance(n, numbers.Integral) and n > 0 for n in pair):
        raise TypeError('{}: outsize must be a positive int or a pair of them, got {!r}'.format(
            func, outsize))
    if not (isinstance(spatial_scale, numbers.Real) and spatial_scale > 0):
        raise TypeError('{}: spatial_scale must be a positive float, got {!r}'.format(
            func, spatial_scale))
    return int(pair[0]), int(pair[1]), float(spatial_scale)


def check_indexed_rois(func, x, rois, roi_indices):
    """Check the inputs of the RoI functions whose RoIs are ``(y_min, x_min, y_max, x_max)``
    with separate image indices."""
    check_inputs(func, core.as_array(x), core.as_array(rois), core.as_array(roi_indices), 4)


def to_numpy(array):
    """Plans are built on the host; ``array`` (NumPy or CuPy) as a NumPy array."""
    return array.get() if hasattr(array, 'get') else numpy.asarray(array)


def rect_bins(boxes, batch, height, width, outh, outw, spatial_scale, inclusive):
    """Integer-rectangle bins of Fast R-CNN's RoI pooling.

    Args:
        boxes: ``(R, 4)`` host array of ``(y_min, x_min, y_max, x_max)``.
        batch: ``(R,)`` image index of each RoI.
        inclusive (bool): the box includes its end pixel (``roi_pooling_2d``).

    Returns:
        ``(bins, pixels)``: for every (bin, pixel) pair, the bin's row-major index
        ``r * outh * outw + i * outw + j`` (non-decreasing) and the pixel's row
        ``n * H * W + y * W + x`` of the pixel table; pixels of a bin in row-major order.
    """
    bins, pixels = [], []
    extra = 1 if inclusive else 0
    for r, box in enumerate(boxes):
        y0, x0, y1, x1 = (int(v) for v in numpy.round(box.astype(numpy.float64) * spatial_scale))
        mask_h = _bin_mask(y0, max(y1 - y0 + extra, 1), outh, height)
        mask_w = _bin_mask(x0, max(x1 - x0 + extra, 1), outw, width)
        i, j, y, x = numpy.nonzero(mask_h[:, None, :, None] & mask_w[None, :, None, :])
        bins.append(r * outh * outw + i * outw + j)
        pixels.append(int(batch[r]) * height * width + y * width + x)
    return _concat(bins), _concat(pixels)


def _bin_mask(start, length, n_bins, size):
    """``(n_bins, size)``: which input positions fall into each bin of a RoI side."""
    step = length / n_bins
    index = numpy.arange(n_bins)
    low = numpy.clip(numpy.floor(index * step).astype(numpy.intp) + start, 0, size)
    high = numpy.clip(numpy.ceil((index + 1) * step).astype(numpy.intp) + start, 0, size)
    positions = numpy.arange(size)
    return (positions >= low[:, None]) & (positions < high[:, None])


def _concat(parts):
    return numpy.concatenate(parts) if parts else numpy.zeros(0, numpy.intp)


def align_samples(boxes, batch, height, width, outh, outw, spatial_scale, sampling_ratio):
    """Bilinear sampling points of RoIAlign (Mask R-CNN), without the half-pixel shift.

    Each bin is sampled on a ``g_h x g_w`` grid (``sampling_ratio``, or
    ``ceil(roi_size / outsize)`` per side where it is None); points more than one
    pixel outside the image are dropped, the others clamped to the image.

    Returns:
        ``(sample_bin, grid, corners)``: the bin of each kept sample (non-decreasing,
        samples of a bin in row-major grid order), the grid size ``g_h * g_w`` of its
        RoI, and ``(sample, pixel, weight)`` arrays of its four bilinear corners.
    """
    sample_bin, grid, corner_sample, corner_pixel, corner_weight = [], [], [], [], []
    n_samples = 0
    for r, box in enumerate(boxes):
        y0, x0, y1, x1 = box.astype(numpy.float64) * spatial_scale
        ys, ylow, yhigh, yvalid = _sample_axis(y0, y1, outh, sampling_ratio[0], height)
        xs, xlow, xhigh, xvalid = _sample_axis(x0, x1, outw, sampling_ratio[1], width)
        gh, gw = ys.shape[1], xs.shape[1]
        # Samples in (i, j, iy, ix) order: bins row-major, grid row-major inside.
        valid = yvalid[:, None, :, None] & xvalid[None, :, None, :]
        i, j, iy, ix = numpy.nonzero(valid)
        y, x = ys[i, iy], xs[j, ix]
        yl, yh, xl, xh = ylow[i, iy], yhigh[i, iy], xlow[j, ix], xhigh[j, ix]
        ly, lx = y - yl, x - xl
        base = int(batch[r]) * height * width
        ids = n_samples + numpy.arange(len(i))
        for py, px, weight in ((yl, xl, (1 - ly) * (1 - lx)), (yl, xh, (1 - ly) * lx),
                               (yh, xl, ly * (1 - lx)), (yh, xh, ly * lx)):
            corner_sample.append(ids)
            corner_pixel.append(base + py * width + px)
            corner_weight.append(weight)
        sample_bin.append(r * outh * outw + i * outw + j)
        grid.append(numpy.full(len(i), gh * gw))
        n_samples += len(i)
    corners = (_concat(corner_sample), _concat(corner_pixel),
               numpy.concatenate(corner_weight) if corner_weight else numpy.zeros(0))
    return _concat(sample_bin), _concat(grid), corners


def _sample_axis(start, end, n_bins, ratio, size):
    """Sample coordinates ``(n_bins, g)`` along one side, their clamped bilinear
    neighbours and whether each sample is inside."""
    length = max(end - start, 1.0)
    step = length / n_bins
    g = ratio if ratio is not None else int(numpy.ceil(length / n_bins))
    coords = start + numpy.arange(n_bins)[:, None] * step + (
        numpy.arange(g)[None, :] + 0.5) * step / g
    valid = (coords >= -1) & (coords <= size)
    coords = numpy.maximum(coords, 0)
    low = numpy.floor(coords).astype(numpy.intp)
    at_end = low >= size - 1
    low = numpy.where(at_end, size - 1, low)
    coords = numpy.where(at_end, low, coords)
    high = numpy.where(at_end, low, low + 1)
    return coords, low, high, valid


def parse_sampling_ratio(func, sampling_ratio):
    pair = _pair(sampling_ratio)
    if len(pair) != 2 or not all(
            s is None or (isinstance(s, numbers.Integral) and s >= 1) for s in pair):
        raise TypeError('{}: sampling_ratio must be None, an int >= 1 or a pair of them, got {!r}'
                        .format(func, sampling_ratio))
    return tuple(None if s is None else int(s) for s in pair)


def _device_pick(pick, like):
    return get_array_module(like).asarray(pick)


class ROIPoolingNode(core.FunctionNode):
    """A RoI pooling node of inputs ``(x, rois[, roi_indices])``, with ``outh``, ``outw`` and
    ``spatial_scale``: :meth:`pool` maps the pixel table of ``x`` to the bins' rows through
    linear :meth:`stage` nodes planned from the RoIs (and, for maxima, from ``x``); backward
    runs their adjoints, so the node is differentiable any number of times in ``x`` (the
    RoIs get no gradient)."""

    def forward(self, inputs):
        x = inputs[0]
        n, c, h, w = self._x_shape = x.shape
        self._stages = []
        table = x.transpose(0, 2, 3, 1).reshape(n * h * w, c)
        y2 = self.pool(table, h, w, *[to_numpy(roi_input) for roi_input in inputs[1:]])
        return y2.reshape(-1, self.outh, self.outw, c).transpose(0, 3, 1, 2),

    def stage(self, node, table):
        """``table`` through the linear ``node``, whose adjoint backward runs."""
        self._stages.append(node)
        return node.forward((table,))[0]

    def backward(self, indexes, grad_outputs):
        n, c, h, w = self._x_shape
        g = reshape(transpose(grad_outputs[0], (0, 2, 3, 1)), (-1, c))
        for node in reversed(self._stages):
            g, = node.backward((0,), (g,))
        gx = transpose(reshape(g, (n, h, w, c)), (0, 3, 1, 2))
        return (gx,) + (None,) * (len(self.inputs) - 1)


def rect_max(node, table, h, w, boxes, batch, inclusive, fill):
    """Max over rectangle bins (``fill`` and no gradient for empty bins)."""
    bins, pixels = rect_bins(boxes, batch, h, w, node.outh, node.outw, node.spatial_scale,
                             inclusive)
    pick = segment_argmax(to_numpy(table)[pixels], bins, len(boxes) * node.outh * node.outw)
    if len(pixels):
        pick = numpy.where(pick >= 0, pixels[numpy.maximum(pick, 0)], -1)
    return node.stage(ChannelPick(_device_pick(pick, table), fill), table)


def rect_average(node, table, h, w, boxes, batch):
    """Mean over rectangle bins (0 for empty bins)."""
    bins, pixels = rect_bins(boxes, batch, h, w, node.outh, node.outw, node.spatial_scale,
                             False)
    n_bins = len(boxes) * node.outh * node.outw
    weights = 1.0 / numpy.bincount(bins, minlength=n_bins)[bins]
    xp = get_array_module(table)
    return node.stage(RowGather(xp.asarray(bins), xp.asarray(pixels), xp.asarray(weights),
                                n_bins), table)


def align_average(node, table, h, w, boxes, batch):
    """RoIAlign with the mean of each bin's samples (out-of-image samples count as 0)."""
    sample_bin, grid, (sample, pixel, weight) = align_samples(
        boxes, batch, h, w, node.outh, node.outw, node.spatial_scale, node.sampling_ratio)
    rows = sample_bin[sample] if len(sample) else sample
    weight = weight / (grid[sample] if len(sample) else 1)
    xp = get_array_module(table)
    return node.stage(RowGather(xp.asarray(rows), xp.asarray(pixel), xp.asarray(weight),
                                len(boxes) * node.outh * node.outw), table)


def align_max(node, table, h, w, boxes, batch):
    """RoIAlign with the maximum of each bin's samples (-inf for bins without samples)."""
    sample_bin, _, (sample, pixel, weight) = align_samples(
        boxes, batch, h, w, node.outh, node.outw, node.spatial_scale, node.sampling_ratio)
    xp = get_array_module(table)
    samples = node.stage(RowGather(xp.asarray(sample), xp.asarray(pixel), xp.asarray(weight),
                                   len(sample_bin)), table)
    pick = segment_argmax(to_numpy(samples), sample_bin, len(boxes) * node.outh * node.outw)
    return node.stage(ChannelPick(_device_pick(pick, samples), fill=-numpy.inf), samples)


class IndexedROINode(ROIPoolingNode):
    """A RoI node of inputs ``(x, rois, roi_indices)`` (RoIs ``(y_min, x_min, y_max, x_max)``)
    with Chainer's constructor ``(outsize, spatial_scale)`` (and ``sampling_ratio`` for the
    align functions); ``func`` names the function in error messages."""

    func = None

    def __init__(self, outsize, spatial_scale, sampling_ratio=None):
        self.outh, self.outw, self.spatial_scale = parse_outsize(self.func, outsize,
                                                                 spatial_scale)
        self.sampling_ratio = parse_sampling_ratio(self.func, sampling_ratio)
