import itertools

import numpy
import pytest


def _windows(shape, ksize, stride, pad, cover_all):
    """Per output position, the slices of its window in the input padded by ``pad`` (and
    on the far side by whatever the last window needs)."""
    nd = len(shape)
    k, s, p = [(v,) * nd if isinstance(v, int) else tuple(v) for v in (ksize, stride, pad)]
    out = [(shape[i] + 2 * p[i] - k[i] + (s[i] - 1 if cover_all else 0)) // s[i] + 1
           for i in range(nd)]
    padded = [max(shape[i] + 2 * p[i], (out[i] - 1) * s[i] + k[i]) for i in range(nd)]
    windows = {pos: tuple(slice(pos[i] * s[i], pos[i] * s[i] + k[i]) for i in range(nd))
               for pos in itertools.product(*[range(o) for o in out])}
    inner = tuple(slice(p[i], p[i] + shape[i]) for i in range(nd))
    return out, padded, windows, inner


def _reference_pooling(x, ksize, stride=None, pad=0, cover_all=False, mode='max',
                       pad_value=0):
    """Max or average pooling by looping over the output positions (float64 inside)."""
    stride = ksize if stride is None else stride
    out, padded, windows, inner = _windows(x.shape[2:], ksize, stride, pad, cover_all)
    fill = -numpy.inf if mode == 'max' else 0.0
    buf = numpy.full(x.shape[:2] + tuple(padded), fill)
    buf[(Ellipsis,) + inner] = x
    counts = numpy.zeros(padded)
    counts[inner] = 1
    y = numpy.empty(x.shape[:2] + tuple(out))
    for pos, window in windows.items():
        patch = buf[(Ellipsis,) + window].reshape(x.shape[:2] + (-1,))
        if mode == 'max':
            y[(Ellipsis,) + pos] = patch.max(axis=-1)
        else:
            size = patch.shape[-1] if pad_value == 0 else counts[window].sum()
            y[(Ellipsis,) + pos] = patch.sum(axis=-1) / size
    return y.astype(x.dtype)


def _reference_unpooling(x, ksize, stride, pad, outsize):
    """Adds every element of ``x`` to each element of its window of the output."""
    nd = x.ndim - 2
    k, p = [(v,) * nd if isinstance(v, int) else tuple(v) for v in (ksize, pad)]
    s = k if stride is None else (stride,) * nd if isinstance(stride, int) else tuple(stride)
    size = [max(outsize[i] + 2 * p[i], (x.shape[2 + i] - 1) * s[i] + k[i]) for i in range(nd)]
    buf = numpy.zeros(x.shape[:2] + tuple(size))
    for pos in itertools.product(*[range(n) for n in x.shape[2:]]):
        window = tuple(slice(pos[i] * s[i], pos[i] * s[i] + k[i]) for i in range(nd))
        buf[(Ellipsis,) + window] += x[(Ellipsis,) + pos + (None,) * nd]
    return buf[(Ellipsis,) + tuple(slice(p[i], p[i] + outsize[i]) for i in range(nd))].astype(
        x.dtype)


def spaced_values(rng, shape, dtype=numpy.float64):
    """Distinct values 0.1 apart in random order: no ties and no kinks within the
    gradient check's step, for functions that take maxima."""
    return (rng.permutation(int(numpy.prod(shape))).reshape(shape) * 0.1 - 0.05 * numpy.prod(
        shape) / 10).astype(dtype)


@pytest.fixture
def reference_pooling():
    """``f(x, ksize, stride=None, pad=0, cover_all=False, mode='max', pad_value=0)``."""
    return _reference_pooling


@pytest.fixture
def reference_unpooling():
    """``f(x, ksize, stride, pad, outsize)``."""
    return _reference_unpooling


@pytest.fixture
def spaced():
    """``spaced(rng, shape)``: distinct values 0.1 apart in random order."""
    return spaced_values


def _reference_roi_rect(x, boxes, batch, outsize, scale, reduce, inclusive, empty):
    """RoI pooling over integer bins, bin by bin; ``boxes`` are (y0, x0, y1, x1)."""
    outh, outw = outsize
    h, w = x.shape[2:]
    y = numpy.full((len(boxes), x.shape[1], outh, outw), empty)
    for r, box in enumerate(boxes):
        y0, x0, y1, x1 = [int(round(float(v) * scale)) for v in box]
        size_h = max(y1 - y0 + inclusive, 1) / outh
        size_w = max(x1 - x0 + inclusive, 1) / outw
        for i, j in numpy.ndindex(outh, outw):
            top = min(max(int(numpy.floor(i * size_h)) + y0, 0), h)
            bottom = min(max(int(numpy.ceil((i + 1) * size_h)) + y0, 0), h)
            left = min(max(int(numpy.floor(j * size_w)) + x0, 0), w)
            right = min(max(int(numpy.ceil((j + 1) * size_w)) + x0, 0), w)
            if bottom > top and right > left:
                y[r, :, i, j] = reduce(x[batch[r], :, top:bottom, left:right], axis=(1, 2))
    return y.astype(x.dtype)


def _reference_roi_align(x, boxes, batch, outsize, scale, sampling_ratio, mode):
    """RoIAlign sample by sample: mean (``'average'``) or max of bilinear samples."""
    outh, outw = outsize
    h, w = x.shape[2:]
    ratio = (sampling_ratio,) * 2 if not isinstance(sampling_ratio, tuple) else sampling_ratio

    def bounds(p, size):
        if p < -1 or p > size:
            return None
        p = max(p, 0.0)
        low = int(numpy.floor(p))
        if low >= size - 1:
            return float(size - 1), size - 1, size - 1
        return p, low, low + 1

    y = numpy.zeros((len(boxes), x.shape[1], outh, outw))
    for r, box in enumerate(boxes):
        y0, x0, y1, x1 = [float(v) * scale for v in box]
        roi_h, roi_w = max(y1 - y0, 1.0), max(x1 - x0, 1.0)
        gh = ratio[0] or int(numpy.ceil(roi_h / outh))
        gw = ratio[1] or int(numpy.ceil(roi_w / outw))
        for i, j in numpy.ndindex(outh, outw):
            samples = []
            for iy, ix in numpy.ndindex(gh, gw):
                by = bounds(y0 + i * roi_h / outh + (iy + .5) * roi_h / outh / gh, h)
                bx = bounds(x0 + j * roi_w / outw + (ix + .5) * roi_w / outw / gw, w)
                if by is None or bx is None:
                    continue
                (py, yl, yh), (px, xl, xh) = by, bx
                ly, lx = py - yl, px - xl
                image = x[batch[r]]
                samples.append((1 - ly) * (1 - lx) * image[:, yl, xl] +
                               (1 - ly) * lx * image[:, yl, xh] +
                               ly * (1 - lx) * image[:, yh, xl] + ly * lx * image[:, yh, xh])
            if mode == 'average':
                y[r, :, i, j] = numpy.sum(samples, axis=0) / (gh * gw) if samples else 0
            else:
                y[r, :, i, j] = numpy.max(samples, axis=0) if samples else -numpy.inf
    return y.astype(x.dtype)


@pytest.fixture
def reference_roi_rect():
    """``f(x, boxes, batch, outsize, scale, reduce, inclusive, empty)``."""
    return _reference_roi_rect


@pytest.fixture
def reference_roi_align():
    """``f(x, boxes, batch, outsize, scale, sampling_ratio, mode)``."""
    return _reference_roi_align


@pytest.fixture
def rois():
    """``(boxes (R, 4) as (y0, x0, y1, x1), roi_indices (R,) int32)`` over a 2 x 9 x 8 batch,
    including a degenerate box and boxes partly or wholly outside the image."""
    boxes = numpy.array([[1, 1, 5, 6], [2.5, 0.4, 8.6, 7.7], [3, 3, 3, 3], [-2, -3, 1, 2],
                         [0.3, 0.2, 4.9, 2.1], [6.2, 5.5, 14, 12]])
    return boxes, numpy.array([0, 1, 0, 1, 1, 0], numpy.int32)
