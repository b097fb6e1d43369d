"""Property-based tests: convolution, pooling, normalization, noise and recurrent units.

References are written naively with NumPy (loops over kernel offsets, windows); random
functions are checked by what holds for every draw (the values they may take, the
train/test switch). Shapes are drawn to fit and, sometimes, not to.
"""

import itertools

import numpy
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from numpy.lib.stride_tricks import sliding_window_view

import kusari
import kusari.functions as F
from tests.reliability import _fuzz
from tests.reliability._fuzz import UNCHECKED

pytestmark = _fuzz.IGNORE_REPORT_WARNING

settings = _fuzz.SETTINGS
DTYPES = st.sampled_from([numpy.float32, numpy.float64])
# Standardizing divides rounding errors by sqrt(var + eps), up to 1 / sqrt(1e-5).
NORMALIZED = 300


def variables(*arrays):
    return [kusari.Variable(a) for a in arrays]


def _windows(x, ksize, stride, dilate=None):
    """(n, c, *out, *k) windows of x over its spatial axes."""
    nd = len(ksize)
    dilate = dilate or (1,) * nd
    span = tuple((k - 1) * d + 1 for k, d in zip(ksize, dilate))
    if any(s > n for s, n in zip(span, x.shape[2:])):
        raise ValueError('the kernel does not fit the (padded) input')
    view = sliding_window_view(x, span, axis=tuple(range(2, 2 + nd)))
    index = (slice(None), slice(None)) + tuple(slice(None, None, s) for s in stride) + tuple(
        slice(None, None, d) for d in dilate)
    return view[index]


def conv_reference(x, W, b, stride, pad, dilate, groups):
    nd = x.ndim - 2
    if W.ndim != x.ndim or x.shape[1] != W.shape[1] * groups or W.shape[0] % groups:
        raise ValueError('W does not fit x')
    padded = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    win = _windows(padded, W.shape[2:], stride, dilate)
    letters = 'defg'[:nd]
    out_per_group = W.shape[0] // groups
    ys = []
    for g in range(groups):
        xs = win[:, g * W.shape[1]:(g + 1) * W.shape[1]]
        ws = W[g * out_per_group:(g + 1) * out_per_group].astype(numpy.float64)
        ys.append(numpy.einsum('nc{0}{1},oc{1}->no{0}'.format(letters, letters.upper()),
                               xs, ws))
    y = numpy.concatenate(ys, axis=1)
    if any(s == 0 for s in y.shape[2:]):
        raise ValueError('empty output')
    return y if b is None else y + b.reshape((1, -1) + (1,) * nd)


@st.composite
def conv_case(draw, nd):
    dtype = draw(DTYPES)
    n, groups = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    c_in, c_out = groups * draw(st.integers(1, 2)), groups * draw(st.integers(1, 2))
    size = tuple(draw(st.integers(1, 5)) for _ in range(nd))
    k = tuple(draw(st.integers(1, 3)) for _ in range(nd))
    x = draw(_fuzz.arrays((n, c_in) + size, dtype))
    w_in = c_in // groups if draw(st.integers(0, 5)) else c_in // groups + 1
    W = draw(_fuzz.arrays((c_out, w_in) + k, dtype))
    b = draw(_fuzz.arrays((c_out,), dtype)) if draw(st.booleans()) else None
    stride = tuple(draw(st.integers(1, 2)) for _ in range(nd))
    pad = tuple(draw(st.integers(0, 1)) for _ in range(nd))
    dilate = tuple(draw(st.integers(1, 2)) for _ in range(nd))
    return x, W, b, stride, pad, dilate, groups


@settings
@given(data=st.data(), nd=st.integers(1, 3))
def test_convolution_nd(data, nd):
    x, W, b, stride, pad, dilate, groups = data.draw(conv_case(nd))
    args = variables(x, W) + ([] if b is None else variables(b))
    function = data.draw(st.sampled_from(
        [F.convolution_nd, {1: F.convolution_1d, 2: F.convolution_2d, 3: F.convolution_3d}[nd]]))
    _fuzz.check_against(
        'convolution', function, args if b is not None else args + [None],
        {'stride': stride, 'pad': pad, 'dilate': dilate, 'groups': groups},
        lambda: conv_reference(x, W, b, stride, pad, dilate, groups), dtype=x.dtype,
        inputs=[a for a in args])


@settings
@given(data=st.data())
def test_dilated_and_depthwise_convolution_2d(data):
    x, W, b, stride, pad, dilate, _ = data.draw(conv_case(2))
    xv, Wv = variables(x, W)
    _fuzz.check_against('dilated_convolution_2d', F.dilated_convolution_2d, (xv, Wv),
                        {'stride': stride, 'pad': pad, 'dilate': dilate},
                        lambda: conv_reference(x, W, None, stride, pad, dilate, 1),
                        dtype=x.dtype, inputs=[xv, Wv])
    multiplier = W.shape[0]
    Wd = numpy.ascontiguousarray(W[:, :1].repeat(x.shape[1], axis=1)) \
        if data.draw(st.integers(0, 4)) else W
    Wdv, = variables(Wd)

    def depthwise():
        if Wd.shape[1] != x.shape[1]:
            raise ValueError('one filter set per channel')
        # Output channel c * multiplier + m is channel c convolved with W[m, c].
        grouped = Wd.transpose(1, 0, 2, 3).reshape((x.shape[1] * multiplier, 1) + W.shape[2:])
        return conv_reference(x, grouped, None, stride, pad, (1, 1), x.shape[1])

    _fuzz.check_against('depthwise_convolution_2d', F.depthwise_convolution_2d, (xv, Wdv),
                        {'stride': stride, 'pad': pad}, depthwise, dtype=x.dtype,
                        inputs=[xv, Wdv])


def deconv_reference(x, W, stride, pad, dilate):
    if W.ndim != x.ndim or x.shape[1] != W.shape[0]:
        raise ValueError('W does not fit x')
    ksize = W.shape[2:]
    full = tuple(s * (n - 1) + (k - 1) * d + 1
                 for s, n, k, d in zip(stride, x.shape[2:], ksize, dilate))
    y = numpy.zeros((x.shape[0], W.shape[1]) + full)
    for offset in itertools.product(*(range(k) for k in ksize)):
        contribution = numpy.einsum('ni...,io->no...', x.astype(numpy.float64),
                                    W[(slice(None), slice(None)) + offset])
        target = (slice(None), slice(None)) + tuple(
            slice(o * d, o * d + s * (n - 1) + 1, s)
            for o, d, s, n in zip(offset, dilate, stride, x.shape[2:]))
        y[target] += contribution
    crop = (slice(None), slice(None)) + tuple(slice(p, f - p) for p, f in zip(pad, full))
    y = y[crop]
    if any(s <= 0 for s in y.shape[2:]):
        raise ValueError('empty output')
    return y


@settings
@given(data=st.data(), nd=st.integers(1, 3))
def test_deconvolution_nd(data, nd):
    x, W, _, stride, pad, dilate, _ = data.draw(conv_case(nd))
    W = numpy.ascontiguousarray(numpy.swapaxes(W, 0, 1))  # (c_in, c_out, k...)
    if data.draw(st.integers(0, 4)):
        W = numpy.ascontiguousarray(W[:x.shape[1]]) if W.shape[0] >= x.shape[1] else W
    xv, Wv = variables(x, W)
    function = data.draw(st.sampled_from([F.deconvolution_nd, {
        1: F.deconvolution_1d, 2: F.deconvolution_2d, 3: F.deconvolution_3d}[nd]]))
    _fuzz.check_against('deconvolution', function, (xv, Wv),
                        {'stride': stride, 'pad': pad, 'dilate': dilate},
                        lambda: deconv_reference(x, W, stride, pad, dilate), dtype=x.dtype,
                        inputs=[xv, Wv])


def pool_reference(x, ksize, stride, pad, kind, cover_all):
    nd = x.ndim - 2
    fill = -numpy.inf if kind == 'max' else 0.0
    extra = [s - 1 if cover_all else 0 for s in stride]
    padded = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [
        (p, p + e) for p, e in zip(pad, extra)], constant_values=fill)
    win = _windows(padded, ksize, stride)
    out = [(n + 2 * p - k + e) // s + 1 for n, p, k, s, e in
           zip(x.shape[2:], pad, ksize, stride, extra)]
    win = win[(slice(None), slice(None)) + tuple(slice(0, o) for o in out)]
    axes = tuple(range(2 + nd, 2 + 2 * nd))
    if any(o <= 0 for o in out):
        raise ValueError('empty output')
    return win.max(axis=axes) if kind == 'max' else win.mean(axis=axes)


@settings
@given(data=st.data(), nd=st.integers(1, 3), kind=st.sampled_from(['max', 'average']))
def test_pooling_nd(data, nd, kind):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays((data.draw(st.integers(1, 2)), data.draw(st.integers(1, 2)))
                               + tuple(data.draw(st.integers(1, 5)) for _ in range(nd)),
                               dtype))
    ksize = tuple(data.draw(st.integers(1, 3)) for _ in range(nd))
    stride = tuple(data.draw(st.integers(1, 3)) for _ in range(nd))
    pad = tuple(data.draw(st.integers(0, k // 2)) for k in ksize)
    xv, = variables(x)
    kwargs = {'stride': stride, 'pad': pad}
    cover_all = kind == 'max' and data.draw(st.booleans())
    if kind == 'max':
        kwargs['cover_all'] = cover_all
    named = {('max', 1): F.max_pooling_1d, ('max', 2): F.max_pooling_2d,
             ('max', 3): F.max_pooling_3d, ('max', 'nd'): F.max_pooling_nd,
             ('average', 1): F.average_pooling_1d, ('average', 2): F.average_pooling_2d,
             ('average', 3): F.average_pooling_3d, ('average', 'nd'): F.average_pooling_nd}
    function = data.draw(st.sampled_from([named[kind, 'nd'], named[kind, nd]]))
    _fuzz.check_against(kind + '_pooling', function, (xv, ksize), kwargs,
                        lambda: pool_reference(x, ksize, stride, pad, kind, cover_all),
                        dtype=dtype, inputs=[xv])


@settings
@given(data=st.data(), nd=st.integers(1, 3))
def test_unpooling_nd(data, nd):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays((1, 2) + tuple(data.draw(st.integers(1, 3)) for _ in range(nd)),
                               dtype))
    k = data.draw(st.integers(1, 3))
    function = data.draw(st.sampled_from([F.unpooling_nd, {
        1: F.unpooling_1d, 2: F.unpooling_2d, 3: F.unpooling_3d}[nd]]))

    def reference():  # stride = ksize, no padding: each element fills its own block
        y = x
        for axis in range(2, 2 + nd):
            y = y.repeat(k, axis=axis)
        return y

    xv, = variables(x)
    _fuzz.check_against('unpooling', function, (xv, k), {'cover_all': False}, reference,
                        dtype=dtype, inputs=[xv])


@settings
@given(data=st.data())
def test_im2col(data):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays((1, data.draw(st.integers(1, 2)), data.draw(st.integers(1, 4)),
                                data.draw(st.integers(1, 4))), dtype))
    k = (data.draw(st.integers(1, 3)), data.draw(st.integers(1, 3)))
    s = (data.draw(st.integers(1, 2)), data.draw(st.integers(1, 2)))
    p = (data.draw(st.integers(0, 1)), data.draw(st.integers(0, 1)))

    def reference():
        padded = numpy.pad(x, [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])])
        win = _windows(padded, k, s)  # (n, c, oh, ow, kh, kw)
        n, c, oh, ow = win.shape[:4]
        return win.transpose(0, 1, 4, 5, 2, 3).reshape(n, c * k[0] * k[1], oh, ow)

    xv, = variables(x)
    _fuzz.check_against('im2col', F.im2col, (xv, k), {'stride': s, 'pad': p}, reference,
                        dtype=dtype, inputs=[xv])


@settings
@given(data=st.data())
def test_resize_images_shapes(data):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(min_dims=3, max_dims=5, max_side=3)),
                               dtype))
    out = (data.draw(st.integers(0, 4)), data.draw(st.integers(1, 4)))
    xv, = variables(x)
    y = _fuzz.check_against('resize_images', F.resize_images, (xv, out), {}, None,
                            label=UNCHECKED)
    if y is not None:
        assert x.ndim == 4 and y.shape == x.shape[:2] + out
        if x.shape[2:] == out:  # the identity resize
            numpy.testing.assert_allclose(y.array, x, rtol=1e-5, atol=1e-6)


# -- normalization ----------------------------------------------------------------------

def _standardize(x, axes, eps):
    x = x.astype(numpy.float64)
    mean = x.mean(axis=axes, keepdims=True)
    var = x.var(axis=axes, keepdims=True)
    return (x - mean) / numpy.sqrt(var + eps)


@settings
@given(data=st.data())
def test_batch_normalization(data):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays((data.draw(st.integers(1, 4)),) + data.draw(
        _fuzz.shapes(min_dims=1, max_dims=3, max_side=3)), dtype))
    c = x.shape[1] if data.draw(st.integers(0, 5)) else x.shape[1] + 1
    gamma = data.draw(_fuzz.arrays((c,), dtype, 0.5, 2))
    beta = data.draw(_fuzz.arrays((c,), dtype))
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, -1) + (1,) * (x.ndim - 2)

    def reference():
        if c != x.shape[1]:
            raise ValueError('gamma does not fit x')
        return _standardize(x, axes, 2e-5) * gamma.reshape(shape) + beta.reshape(shape)

    vs = variables(x, gamma, beta)
    # One sample of one position: no variance to normalize by (Chainer allows it).
    _fuzz.check_against('batch_normalization', F.batch_normalization, vs, {}, reference,
                        dtype=dtype, inputs=vs, atol_scale=NORMALIZED)
    mean = _fuzz.reference(x.mean, axis=axes)
    var = _fuzz.reference(x.var, axis=axes) + 0.5

    def fixed_reference():
        if c != x.shape[1]:
            raise ValueError('gamma does not fit x')
        norm = (x - mean.reshape(shape)) / numpy.sqrt(var.reshape(shape) + 2e-5)
        return norm * gamma.reshape(shape) + beta.reshape(shape)

    vs = variables(x, gamma, beta, mean.astype(dtype), var.astype(dtype))
    _fuzz.check_against('fixed_batch_normalization', F.fixed_batch_normalization, vs, {},
                        fixed_reference, dtype=dtype, inputs=vs, atol_scale=NORMALIZED)


@settings
@given(data=st.data())
def test_layer_and_group_normalization(data):
    dtype = data.draw(DTYPES)
    n, d = data.draw(st.integers(1, 3)), data.draw(st.integers(2, 6))
    x = data.draw(_fuzz.arrays((n, d), dtype))
    width = d if data.draw(st.integers(0, 5)) else d + 1
    gamma = data.draw(_fuzz.arrays((width,), dtype, 0.5, 2))
    beta = data.draw(_fuzz.arrays((width,), dtype))

    def layer():
        if width != d:
            raise ValueError('gamma does not fit x')
        return _standardize(x, (1,), 1e-5) * gamma + beta

    vs = variables(x, gamma, beta)
    _fuzz.check_against('layer_normalization', F.layer_normalization, vs, {}, layer,
                        dtype=dtype, inputs=vs, atol_scale=NORMALIZED)
    groups = data.draw(st.integers(1, 3))
    spatial = data.draw(_fuzz.arrays((n, d, 2), dtype))

    def group():
        if width != d or d % groups:
            raise ValueError('groups or gamma do not fit x')
        standardized = _standardize(spatial.reshape(n, groups, -1), (2,), 1e-5)
        return standardized.reshape(spatial.shape) * gamma.reshape(1, -1, 1) \
            + beta.reshape(1, -1, 1)

    xv, gv, bv = variables(spatial, gamma, beta)
    _fuzz.check_against('group_normalization', F.group_normalization, (xv, groups, gv, bv), {},
                        group, dtype=dtype, inputs=[xv, gv, bv], atol_scale=NORMALIZED)


@settings
@given(data=st.data())
def test_local_response_normalization(data):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(min_dims=2, max_dims=4, max_side=4)),
                               dtype))
    size = data.draw(st.sampled_from([1, 3, 5]))

    def reference():
        x64 = x.astype(numpy.float64)
        squares = numpy.pad(x64 ** 2, [(0, 0), (size // 2, size // 2)] + [(0, 0)] * (x.ndim - 2))
        total = sum(squares[:, i:i + x.shape[1]] for i in range(size))
        return x64 / (2 + 1e-4 * total) ** 0.75

    xv, = variables(x)
    _fuzz.check_against('local_response_normalization', F.local_response_normalization, (xv,),
                        {'n': size}, reference, dtype=dtype, inputs=[xv])


# -- random functions -------------------------------------------------------------------

@settings
@given(data=st.data(), train=st.booleans())
def test_dropout_and_relatives(data, train):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(max_side=4)), dtype, 0.5, 2))
    ratio = data.draw(st.sampled_from([0.0, 0.3, 0.9]))
    xv, = variables(x)
    with kusari.using_config('train', train):
        y = _fuzz.call('dropout', F.dropout, (xv, ratio))
        kept = y.array != 0
        expected = x / (1 - ratio) if train else x
        numpy.testing.assert_allclose(y.array[kept], expected[kept], rtol=1e-5)
        assert train or kept.all()
        _fuzz.assert_backprops('dropout', y, [xv])
        h = data.draw(_fuzz.arrays(x.shape, dtype, -2, -0.5))
        z = _fuzz.call('zoneout', F.zoneout, variables(h, x), {'ratio': ratio})
        assert ((z.array == h) | (z.array == x)).all()
        assert train or (z.array == x).all()
        r = _fuzz.call('rrelu', F.rrelu, variables(numpy.asarray(-x)))
        slopes = r.array / -x
        assert ((slopes >= 1 / 8 - 1e-6) & (slopes <= 1 / 3 + 1e-6)).all()
        assert train or numpy.allclose(slopes, (1 / 8 + 1 / 3) / 2)


@settings
@given(data=st.data())
def test_random_samples(data):
    dtype = data.draw(DTYPES)
    shape = data.draw(_fuzz.shapes(max_side=4))
    mean = data.draw(_fuzz.arrays(shape, dtype))
    other = shape if data.draw(st.integers(0, 5)) else data.draw(_fuzz.shapes(max_side=3))
    ln_var = data.draw(_fuzz.arrays(other, dtype))
    eps = numpy.ones(shape, dtype)

    def reference():
        if mean.shape != ln_var.shape:
            raise ValueError('shapes differ')
        return mean + numpy.exp(ln_var.astype(numpy.float64) / 2) * eps

    vs = variables(mean, ln_var)
    _fuzz.check_against('gaussian', F.gaussian, vs, {'eps': eps}, reference, dtype=dtype,
                        inputs=vs)
    if len(shape) >= 2 and shape[1]:
        sample = _fuzz.call('gumbel_softmax', F.gumbel_softmax, variables(mean))
        totals = sample.array.sum(axis=1)
        numpy.testing.assert_allclose(totals[numpy.isfinite(totals)], 1, rtol=1e-4)


@settings
@given(data=st.data(), train=st.booleans())
def test_simplified_dropconnect(data, train):
    dtype = data.draw(DTYPES)
    n, k, m = (data.draw(st.integers(1, 3)) for _ in range(3))
    x = data.draw(_fuzz.arrays((n, k), dtype))
    W = data.draw(_fuzz.arrays((m, k if data.draw(st.integers(0, 5)) else k + 1), dtype))
    xv, Wv = variables(x, W)
    label = None if not train else UNCHECKED

    def reference():
        if W.shape[1] != k:
            raise ValueError('W does not fit x')
        return x.astype(numpy.float64) @ W.T

    _fuzz.check_against('simplified_dropconnect', F.simplified_dropconnect, (xv, Wv),
                        {'train': train}, reference, dtype=dtype, inputs=[xv, Wv],
                        label=label)


# -- layers with parameters -------------------------------------------------------------

@settings
@given(data=st.data(), ignore=st.sampled_from([None, -1]))
def test_embed_id(data, ignore):
    dtype = data.draw(DTYPES)
    vocab, units = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 3))
    W = data.draw(_fuzz.arrays((vocab, units), dtype))
    ids = numpy.array(data.draw(_fuzz.hnp.arrays(numpy.int32, data.draw(_fuzz.shapes(
        max_side=3)), elements=st.integers(-1, vocab if data.draw(st.integers(0, 4)) == 0
                                          else vocab - 1))))

    def reference():
        bad = (ids < 0) | (ids >= vocab)
        if ignore is not None:
            bad &= ids != ignore
        if bad.any():
            raise ValueError('id out of range')
        rows = W[numpy.clip(ids, 0, vocab - 1)]
        return numpy.where((ids == ignore)[..., None], 0, rows) if ignore is not None \
            else rows

    Wv, = variables(W)
    _fuzz.check_against('embed_id', F.embed_id, (ids, Wv), {'ignore_label': ignore},
                        reference, dtype=dtype, inputs=[Wv])


@settings
@given(data=st.data())
def test_prelu_and_maxout(data):
    dtype = data.draw(DTYPES)
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(min_dims=2, max_side=4)), dtype))
    W_shape = x.shape[1:1 + data.draw(st.integers(0, x.ndim - 1))]
    if not data.draw(st.integers(0, 5)):
        W_shape = data.draw(_fuzz.shapes(max_dims=2, max_side=3))
    W = data.draw(_fuzz.arrays(W_shape, dtype))

    def prelu():
        if W.shape != x.shape[1:1 + W.ndim]:
            raise ValueError('W does not fit x')
        slope = W.reshape((1,) + W.shape + (1,) * (x.ndim - 1 - W.ndim))
        return numpy.where(x >= 0, x, slope * x)

    vs = variables(x, W)
    _fuzz.check_against('prelu', F.prelu, vs, {}, prelu, dtype=dtype, inputs=vs)
    pool = data.draw(st.integers(1, 3))

    def maxout():
        if x.shape[1] % pool:
            raise ValueError('not divisible')
        return x.reshape(x.shape[:1] + (x.shape[1] // pool, pool) + x.shape[2:]).max(axis=2)

    xv, = variables(x)
    _fuzz.check_against('maxout', F.maxout, (xv, pool), {}, maxout, dtype=dtype,
                        inputs=[xv])


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


@settings
@given(data=st.data())
def test_lstm_units(data):
    dtype = data.draw(DTYPES)
    batch, units = data.draw(st.integers(1, 3)), data.draw(st.integers(1, 3))
    x_batch = batch if data.draw(st.integers(0, 3)) else data.draw(st.integers(0, batch))
    width = 4 * units if data.draw(st.integers(0, 5)) else 4 * units + 1
    c_prev = data.draw(_fuzz.arrays((batch, units), dtype))
    x = data.draw(_fuzz.arrays((x_batch, width), dtype))

    def lstm():
        if width != 4 * units:
            raise ValueError('x does not hold 4 gates per unit')
        gates = x.astype(numpy.float64).reshape(x_batch, units, 4)
        a, i, f, o = (gates[:, :, j] for j in range(4))
        c = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev[:x_batch]
        c_all = numpy.concatenate([c, c_prev[x_batch:]])
        return c_all, _sigmoid(o) * numpy.tanh(c)

    vs = variables(c_prev, x)
    _fuzz.check_against('lstm', F.lstm, vs, {}, lstm, dtype=dtype, inputs=vs)
    x2 = data.draw(_fuzz.arrays((batch, 4 * units), dtype))
    c2 = data.draw(_fuzz.arrays((batch, units), dtype))

    def slstm():
        if width != 4 * units or x_batch != batch:
            raise ValueError('x does not fit')
        g1 = x.astype(numpy.float64).reshape(batch, units, 4)
        g2 = x2.astype(numpy.float64).reshape(batch, units, 4)
        c = (numpy.tanh(g1[:, :, 0]) * _sigmoid(g1[:, :, 1])
             + numpy.tanh(g2[:, :, 0]) * _sigmoid(g2[:, :, 1])
             + _sigmoid(g1[:, :, 2]) * c_prev + _sigmoid(g2[:, :, 2]) * c2)
        return c, _sigmoid(g1[:, :, 3] + g2[:, :, 3]) * numpy.tanh(c)

    vs = variables(c_prev, c2, x, x2)
    _fuzz.check_against('slstm', F.slstm, vs, {}, slstm, dtype=dtype, inputs=vs)
    children = data.draw(st.integers(1, 3))
    cs = [data.draw(_fuzz.arrays((batch, units), dtype)) for _ in range(children)]
    xt = data.draw(_fuzz.arrays((batch, (3 + children) * units), dtype))

    def tree_lstm():
        blocks = numpy.split(xt.astype(numpy.float64), 3 + children, axis=1)
        a, i, o, forgets = blocks[0], blocks[1], blocks[2], blocks[3:]
        c = numpy.tanh(a) * _sigmoid(i) + sum(_sigmoid(f) * ck for f, ck in zip(forgets, cs))
        return c, _sigmoid(o) * numpy.tanh(c)

    vs = variables(*cs, xt)
    _fuzz.check_against('tree_lstm', F.tree_lstm, vs, {}, tree_lstm, dtype=dtype, inputs=vs)


@settings
@given(data=st.data())
def test_classification_summary(data):
    dtype = data.draw(DTYPES)
    n, c = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 3))
    y = data.draw(_fuzz.arrays((n, c), dtype))
    t = numpy.array(data.draw(st.lists(st.integers(0, c - 1), min_size=n, max_size=n)), 'i')
    assume(t.max() == c - 1)  # label_num = max(t) + 1 = c
    beta = data.draw(st.sampled_from([0.5, 1.0, 2.0]))
    precision, recall, fbeta, support = _fuzz.call(
        'classification_summary', F.classification_summary, (y, t), {'beta': beta})
    pred = y.argmax(axis=1)
    for k in range(c):
        tp = ((pred == k) & (t == k)).sum()
        assert int(support.array[k]) == (t == k).sum()
        with numpy.errstate(all='ignore'):
            p, r = tp / (pred == k).sum(), tp / (t == k).sum()
            f = (1 + beta ** 2) * p * r / (beta ** 2 * p + r)
        numpy.testing.assert_allclose([precision.array[k], recall.array[k], fbeta.array[k]],
                                      [p, r, f], rtol=1e-5, equal_nan=True)


@settings
@given(data=st.data())
def test_local_convolution_2d(data):
    dtype = data.draw(DTYPES)
    n, c, o = (data.draw(st.integers(1, 2)) for _ in range(3))
    h, w = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 4))
    kh, kw = data.draw(st.integers(1, h)), data.draw(st.integers(1, w))
    s = data.draw(st.integers(1, 2))
    oh, ow = (h - kh) // s + 1, (w - kw) // s + 1
    x = data.draw(_fuzz.arrays((n, c, h, w), dtype))
    W_shape = (o, oh, ow, c, kh, kw) if data.draw(st.integers(0, 5)) else (o, oh + 1, ow, c,
                                                                            kh, kw)
    W = data.draw(_fuzz.arrays(W_shape, dtype))

    def reference():
        if W.shape[1:3] != (oh, ow):
            raise ValueError('W does not fit the output positions')
        win = _windows(x.astype(numpy.float64), (kh, kw), (s, s))  # n, c, oh, ow, kh, kw
        return numpy.einsum('ncijpq,oijcpq->noij', win, W)

    xv, Wv = variables(x, W)
    _fuzz.check_against('local_convolution_2d', F.local_convolution_2d, (xv, Wv),
                        {'stride': s}, reference, dtype=dtype, inputs=[xv, Wv])


@settings
@given(data=st.data())
def test_upsampling_puts_maxima_back(data):
    dtype = data.draw(DTYPES)
    k = data.draw(st.integers(1, 3))
    x = data.draw(_fuzz.arrays((1, 2, k * data.draw(st.integers(1, 3)),
                                k * data.draw(st.integers(1, 3))), dtype))
    pooled, indexes = F.max_pooling_2d(x, k, return_indices=True)
    y = _fuzz.call('upsampling_2d', F.upsampling_2d,
                   (kusari.Variable(pooled.array), indexes, k), {'cover_all': False})
    # Each window holds its maximum at the pooled position and zeros elsewhere.
    blocks = y.array.reshape(1, 2, x.shape[2] // k, k, x.shape[3] // k, k)
    numpy.testing.assert_array_equal(blocks.sum(axis=(3, 5)), pooled.array)
    assert ((blocks != 0).sum(axis=(3, 5)) <= 1).all()


@settings
@given(data=st.data(), pyramid=st.integers(1, 3))
def test_spatial_pyramid_pooling_2d(data, pyramid):
    dtype = data.draw(DTYPES)
    least = 2 ** (pyramid - 1)  # smaller inputs: see the known bug below
    x = data.draw(_fuzz.arrays((1, 2, data.draw(st.integers(least, 6)),
                                data.draw(st.integers(least, 6))), dtype))
    y = _fuzz.check_against('spatial_pyramid_pooling_2d', F.spatial_pyramid_pooling_2d,
                            (kusari.Variable(x), pyramid), {'pooling': 'max'}, None,
                            label=UNCHECKED)
    if y is not None:
        assert y.shape == (1, 2 * sum(4 ** level for level in range(pyramid)), 1, 1)
        numpy.testing.assert_array_equal(y.array[0, :2, 0, 0], x.max(axis=(2, 3))[0])


@settings
@given(data=st.data())
def test_sparse_matmul(data):
    from kusari import utils
    dtype = data.draw(DTYPES)
    n, k, m = (data.draw(st.integers(1, 4)) for _ in range(3))
    dense_a = data.draw(_fuzz.arrays((n, k), dtype))
    dense_a[numpy.abs(dense_a) < 1] = 0
    b = data.draw(_fuzz.arrays((k if data.draw(st.integers(0, 5)) else k + 1, m), dtype))
    bv, = variables(b)

    def reference():
        return dense_a.astype(numpy.float64) @ b

    _fuzz.check_against('sparse_matmul', F.sparse_matmul, (utils.to_coo(dense_a), bv), {},
                        reference, dtype=dtype, inputs=[bv])


@settings
@given(data=st.data())
def test_forget_recomputes_the_same_function(data):
    x = data.draw(_fuzz.arrays(data.draw(_fuzz.shapes(max_side=4)), numpy.float64))
    xv, xw = variables(x, x.copy())

    def function(v):
        return F.tanh(v) * F.exp(v)

    y = _fuzz.call('forget', F.forget, (function, xv))
    z = function(xw)
    numpy.testing.assert_allclose(y.array, z.array, rtol=1e-12)
    _fuzz.assert_backprops('forget', y, [xv])
    _fuzz.assert_backprops('forget', z, [xw])
    numpy.testing.assert_allclose(xv.grad, xw.grad, rtol=1e-12)


@settings
@given(data=st.data())
def test_batch_renormalization_without_clipping_is_batch_normalization(data):
    dtype = numpy.float64
    x = data.draw(_fuzz.arrays((data.draw(st.integers(2, 4)), data.draw(st.integers(1, 3)),
                                data.draw(st.integers(1, 3))), dtype))
    c = x.shape[1]
    gamma = data.draw(_fuzz.arrays((c,), dtype, 0.5, 2))
    beta = data.draw(_fuzz.arrays((c,), dtype))
    axes = (0, 2)
    shape = (1, -1, 1)
    # With the running statistics equal to the batch's, r = 1 and d = 0.
    running_mean, running_var = x.mean(axis=axes), x.var(axis=axes)
    vs = variables(x, gamma, beta)
    _fuzz.check_against(
        'batch_renormalization', F.batch_renormalization, vs + [1e3, 1e3],
        {'running_mean': running_mean.copy(), 'running_var': running_var.copy()},
        lambda: _standardize(x, axes, 2e-5) * gamma.reshape(shape) + beta.reshape(shape),
        dtype=dtype, inputs=vs, atol_scale=NORMALIZED)


@pytest.mark.xfail(strict=True, reason=_fuzz.KNOWN_BUGS['spatial_pyramid_pooling_2d'])
def test_spatial_pyramid_pooling_2d_keeps_its_bin_count_for_small_inputs():
    x = numpy.zeros((1, 2, 1, 1), numpy.float32)
    y = F.spatial_pyramid_pooling_2d(x, 2, pooling='max')
    assert y.shape == (1, 2 * (1 + 4), 1, 1)
