import itertools

import numpy
import pytest


def _reference_convolution(x, W, b=None, stride=1, pad=0, dilate=1, groups=1, cover_all=False):
    """Convolution by its definition: one tensordot per output position and group."""
    nd = x.ndim - 2
    s, p, d = [(v,) * nd if isinstance(v, int) else tuple(v) for v in (stride, pad, dilate)]
    k = W.shape[2:]
    extent = [(k[i] - 1) * d[i] + 1 for i in range(nd)]
    out = [(x.shape[2 + i] + 2 * p[i] - extent[i] + (s[i] - 1 if cover_all else 0)) // s[i] + 1
           for i in range(nd)]
    size = [max(x.shape[2 + i] + 2 * p[i], (out[i] - 1) * s[i] + extent[i]) for i in range(nd)]
    padded = numpy.zeros(x.shape[:2] + tuple(size), numpy.float64)
    padded[(Ellipsis,) + tuple(slice(p[i], p[i] + x.shape[2 + i]) for i in range(nd))] = x
    c_group, o_group = x.shape[1] // groups, W.shape[0] // groups
    y = numpy.zeros((x.shape[0], W.shape[0]) + tuple(out), numpy.float64)
    for pos in itertools.product(*[range(o) for o in out]):
        window = tuple(slice(pos[i] * s[i], pos[i] * s[i] + extent[i], d[i]) for i in range(nd))
        for g in range(groups):
            patch = padded[(slice(None), slice(g * c_group, (g + 1) * c_group)) + window]
            weight = W[g * o_group:(g + 1) * o_group].astype(numpy.float64)
            axes = list(range(1, nd + 2))
            y[(slice(None), slice(g * o_group, (g + 1) * o_group)) + pos] = numpy.tensordot(
                patch, weight, (axes, axes))
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y.astype(x.dtype)


def _reference_deconvolution(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """Transposed convolution by its definition: each input pixel adds ``x * W`` to its window."""
    nd = x.ndim - 2
    s, p, d = [(v,) * nd if isinstance(v, int) else tuple(v) for v in (stride, pad, dilate)]
    k = W.shape[2:]
    extent = [(k[i] - 1) * d[i] + 1 for i in range(nd)]
    if outsize is None:
        outsize = [s[i] * (x.shape[2 + i] - 1) + extent[i] - 2 * p[i] for i in range(nd)]
    size = [max(outsize[i] + 2 * p[i], (x.shape[2 + i] - 1) * s[i] + extent[i])
            for i in range(nd)]
    c_group, o_group = x.shape[1] // groups, W.shape[1]
    y = numpy.zeros((x.shape[0], o_group * groups) + tuple(size), numpy.float64)
    for pos in itertools.product(*[range(n) for n in x.shape[2:]]):
        window = tuple(slice(pos[i] * s[i], pos[i] * s[i] + extent[i], d[i]) for i in range(nd))
        for g in range(groups):
            pixel = x[(slice(None), slice(g * c_group, (g + 1) * c_group)) + pos]
            weight = W[g * c_group:(g + 1) * c_group].astype(numpy.float64)
            y[(slice(None), slice(g * o_group, (g + 1) * o_group)) + window] += numpy.tensordot(
                pixel, weight, (1, 0))
    y = y[(Ellipsis,) + tuple(slice(p[i], p[i] + outsize[i]) for i in range(nd))]
    if b is not None:
        y = y + b.reshape((1, -1) + (1,) * nd)
    return y.astype(x.dtype)


@pytest.fixture
def reference_convolution():
    """``f(x, W, b=None, stride=1, pad=0, dilate=1, groups=1, cover_all=False)`` in float64."""
    return _reference_convolution


@pytest.fixture
def reference_deconvolution():
    """``f(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1)`` in float64."""
    return _reference_deconvolution
