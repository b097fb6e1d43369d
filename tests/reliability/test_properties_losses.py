"""Property-based tests: loss and evaluation functions against NumPy formulas.

Inputs fit (shapes of Chainer's contracts, labels in range or ignored) or not (a
mismatched shape, a label out of range, float labels); the losses must match the
formulas in float64 and backprop gradients of the inputs' shapes.
"""

import numpy
from hypothesis import assume, given
from hypothesis import strategies as st

import kusari
import kusari.functions as F
from tests.reliability import _fuzz

pytestmark = _fuzz.IGNORE_REPORT_WARNING

settings = _fuzz.SETTINGS
DTYPES = _fuzz.float_dtypes


def variables(*arrays):
    return [kusari.Variable(a) if a.dtype.kind == 'f' else a for a in arrays]


def floats_in(vs):
    return [v for v in vs if isinstance(v, kusari.Variable)]


@st.composite
def pair(draw, min_dims=0):
    """Two float arrays of one shape, or (sometimes) of two shapes."""
    dtype = draw(DTYPES)
    shape = draw(_fuzz.shapes(min_dims=min_dims, max_side=3))
    other = shape if draw(st.integers(0, 4)) else draw(_fuzz.shapes(min_dims=min_dims,
                                                                     max_side=3))
    return draw(_fuzz.arrays(shape, dtype)), draw(_fuzz.arrays(other, dtype))


def binary_labels(values):
    """0 or 1 labels, -1 (ignored) for the largest values."""
    return numpy.array(numpy.where(values > 2, -1, values > 0), dtype=numpy.int32)


def same_shape(a, b):
    if a.shape != b.shape:
        raise ValueError('shapes differ')


@settings
@given(data=st.data(), which=st.sampled_from(['mean_squared_error', 'mean_absolute_error']))
def test_mean_errors(data, which):
    a, b = data.draw(pair())

    def reference():
        same_shape(a, b)
        diff = a.astype(numpy.float64) - b
        return (diff ** 2 if which == 'mean_squared_error' else numpy.abs(diff)).mean()

    vs = variables(a, b)
    _fuzz.check_against(which, getattr(F, which), vs, {}, reference, dtype=a.dtype,
                        inputs=vs)


@settings
@given(data=st.data(), reduce=st.sampled_from(['sum_along_second_axis', 'no']))
def test_huber_loss(data, reduce):
    x, t = data.draw(pair())
    delta = data.draw(st.sampled_from([0.5, 1.0, 2.0]))

    def reference():
        same_shape(x, t)
        d = numpy.abs(x.astype(numpy.float64) - t)
        loss = numpy.where(d <= delta, 0.5 * d ** 2, delta * (d - 0.5 * delta))
        if reduce == 'no':
            return loss
        if loss.ndim < 2:
            raise ValueError('no second axis')
        return loss.sum(axis=1)

    vs = variables(x, t)
    _fuzz.check_against('huber_loss', F.huber_loss, vs, {'delta': delta, 'reduce': reduce},
                        reference, dtype=x.dtype, inputs=vs)


@st.composite
def scores_and_labels(draw, min_classes=1):
    """x of shape (N, C, ...) and int labels t of shape (N, ...) with -1 ignored;
    sometimes mismatched, out of range, or float."""
    dtype = draw(DTYPES)
    n, c = draw(st.integers(0, 4)), draw(st.integers(min_classes, 4))
    rest = draw(_fuzz.shapes(max_dims=1, max_side=2))
    x = draw(_fuzz.arrays((n, c) + rest, dtype))
    t_shape = (n,) + rest if draw(st.integers(0, 5)) else draw(_fuzz.shapes(max_side=3))
    high = c - 1 if draw(st.integers(0, 5)) else c + 1
    t = numpy.array(draw(_fuzz.hnp.arrays(numpy.int32, t_shape,
                                          elements=st.integers(-1, high))))
    if not draw(st.integers(0, 6)):
        t = t.astype(numpy.float32)
    return x, t


def labels_fit_scores(x, t):
    """Chainer's evaluation contract: x's shape is t's with the class axis inserted at 1,
    and possibly trailing axes of length one."""
    if t.dtype.kind not in 'iu' or x.shape[:1] != t.shape[:1] or \
            x.shape[2:t.ndim + 1] != t.shape[1:] or any(n != 1 for n in
                                                      x.shape[t.ndim + 1:]):
        raise ValueError('t does not fit x')


def labels_fit(x, t):
    if t.dtype.kind not in 'iu' or t.shape != (x.shape[0],) + x.shape[2:]:
        raise ValueError('t does not fit x')
    if ((t < -1) | (t >= x.shape[1])).any():
        raise ValueError('label out of range')


@settings
@given(data=st.data(), reduce=st.sampled_from(['mean', 'no']),
       normalize=st.booleans())
def test_softmax_cross_entropy(data, reduce, normalize):
    x, t = data.draw(scores_and_labels())

    def reference():
        labels_fit(x, t)
        x64 = x.astype(numpy.float64)
        log_p = x64 - numpy.log(numpy.exp(x64 - x64.max(axis=1, keepdims=True)).sum(
            axis=1, keepdims=True)) - x64.max(axis=1, keepdims=True)
        valid = t != -1
        picked = numpy.take_along_axis(log_p, numpy.expand_dims(numpy.where(valid, t, 0),
                                                                1), axis=1)[:, 0]
        loss = numpy.where(valid, -picked, 0)
        if reduce == 'no':
            return loss
        count = valid.sum() if normalize else len(x)
        return loss.sum() / max(count, 1)

    vs = variables(x, t)
    _fuzz.check_against('softmax_cross_entropy', F.softmax_cross_entropy, vs,
                        {'reduce': reduce, 'normalize': normalize}, reference, dtype=x.dtype,
                        inputs=floats_in(vs))


@settings
@given(data=st.data(), reduce=st.sampled_from(['mean', 'no']), normalize=st.booleans())
def test_sigmoid_cross_entropy(data, reduce, normalize):
    x, other = data.draw(pair())
    t = binary_labels(other)
    if not data.draw(st.integers(0, 6)):
        t = t.astype(numpy.float32)

    def reference():
        same_shape(x, t)
        if t.dtype.kind not in 'iu':
            raise ValueError('float labels')
        x64 = x.astype(numpy.float64)
        valid = t != -1
        loss = numpy.where(valid, numpy.logaddexp(0, x64) - t * x64, 0)
        if reduce == 'no':
            return loss
        count = valid.sum() if normalize else (len(x) if x.ndim else 1)
        return loss.sum() / max(count, 1)

    vs = variables(x, t)
    _fuzz.check_against('sigmoid_cross_entropy', F.sigmoid_cross_entropy, vs,
                        {'reduce': reduce, 'normalize': normalize}, reference, dtype=x.dtype,
                        inputs=floats_in(vs), label=_fuzz.LENIENT if x.ndim == 0 else None)


@settings
@given(data=st.data(), norm=st.sampled_from(['L1', 'L2']),
       reduce=st.sampled_from(['mean', 'no']))
def test_hinge(data, norm, reduce):
    x, t = data.draw(scores_and_labels(min_classes=1))
    x = numpy.sum(x, axis=tuple(range(2, x.ndim)), dtype=x.dtype)  # (N, C)

    def reference():
        if x.ndim != 2 or t.dtype.kind not in 'iu' or t.shape != (x.shape[0],) or (
                (t < 0) | (t >= x.shape[1])).any():
            raise ValueError('t does not fit x')
        margins = x.astype(numpy.float64).copy()
        margins[numpy.arange(len(x)), t] *= -1
        loss = numpy.maximum(0, 1 + margins)
        if norm == 'L2':
            loss = loss ** 2
        return loss if reduce == 'no' else loss.sum() / max(len(x), 1)

    vs = variables(x, t)
    _fuzz.check_against('hinge', F.hinge, vs, {'norm': norm, 'reduce': reduce}, reference,
                        dtype=x.dtype, inputs=floats_in(vs))


@settings
@given(data=st.data())
def test_contrastive(data):
    dtype = data.draw(DTYPES)
    n, k = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 3))
    x0 = data.draw(_fuzz.arrays((n, k), dtype))
    x1 = data.draw(_fuzz.arrays((n, k if data.draw(st.integers(0, 5)) else k + 1), dtype))
    y = numpy.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)), 'i')
    margin = data.draw(st.sampled_from([0.5, 1.0, 3.0]))

    def reference():
        same_shape(x0, x1)
        d = numpy.sqrt(((x0.astype(numpy.float64) - x1) ** 2).sum(axis=1))
        loss = y * d ** 2 + (1 - y) * numpy.maximum(margin - d, 0) ** 2
        return loss.sum() / 2 / n

    vs = variables(x0, x1, y)
    _fuzz.check_against('contrastive', F.contrastive, vs, {'margin': margin}, reference,
                        dtype=dtype, inputs=floats_in(vs))


@settings
@given(data=st.data())
def test_triplet(data):
    dtype = data.draw(DTYPES)
    n, k = data.draw(st.integers(1, 4)), data.draw(st.integers(1, 3))
    a, p = (data.draw(_fuzz.arrays((n, k), dtype)) for _ in range(2))
    negative = data.draw(_fuzz.arrays((n, k) if data.draw(st.integers(0, 5)) else (n,), dtype))

    def reference():
        same_shape(a, negative)
        a64 = a.astype(numpy.float64)
        loss = numpy.maximum(0, ((a64 - p) ** 2).sum(axis=1) - ((a64 - negative) ** 2).sum(
            axis=1) + 0.2)
        return loss.mean()

    vs = variables(a, p, negative)
    _fuzz.check_against('triplet', F.triplet, vs, {}, reference, dtype=dtype, inputs=vs)


@settings
@given(data=st.data(), which=st.sampled_from(['gaussian_kl_divergence', 'bernoulli_nll',
                                              'gaussian_nll']))
def test_probabilistic_losses(data, which):
    a, b = data.draw(pair())
    c = data.draw(_fuzz.arrays(a.shape, a.dtype, -1, 1))

    def reference():
        same_shape(a, b)
        a64, b64 = a.astype(numpy.float64), b.astype(numpy.float64)
        if which == 'gaussian_kl_divergence':  # mean a, ln_var b
            return 0.5 * (a64 ** 2 + numpy.exp(b64) - b64 - 1).sum()
        if which == 'bernoulli_nll':  # target x in [0, 1]: use sigmoid(a), logits b
            target = 1 / (1 + numpy.exp(-a64))
            return (numpy.logaddexp(0, b64) - target * b64).sum()
        return 0.5 * (numpy.log(2 * numpy.pi) + c + (a64 - b64) ** 2 / numpy.exp(c)).sum()

    if which == 'bernoulli_nll':
        args = variables(numpy.asarray(1 / (1 + numpy.exp(-a.astype(numpy.float64))),
                                       dtype=a.dtype), b)
    elif which == 'gaussian_nll':
        args = variables(a, b, c)
    else:
        args = variables(a, b)
    _fuzz.check_against(which, getattr(F, which), args, {}, reference, dtype=a.dtype,
                        inputs=args)


@settings
@given(data=st.data(), which=st.sampled_from(['cross_covariance', 'decov']))
def test_covariance_losses(data, which):
    dtype = data.draw(DTYPES)
    n = data.draw(st.integers(1, 4))
    y = data.draw(_fuzz.arrays((n, data.draw(st.integers(1, 3))), dtype))
    z = data.draw(_fuzz.arrays((n if data.draw(st.integers(0, 5)) else n + 1,
                                data.draw(st.integers(1, 3))), dtype))

    def reference():
        y64 = y.astype(numpy.float64) - y.mean(axis=0, dtype=numpy.float64)
        if which == 'decov':
            c = y64.T @ y64 / n
            return 0.5 * ((c ** 2).sum() - (numpy.diag(c) ** 2).sum())
        if len(z) != n:
            raise ValueError('batch sizes differ')
        z64 = z.astype(numpy.float64) - z.mean(axis=0, dtype=numpy.float64)
        return 0.5 * ((y64.T @ z64 / n) ** 2).sum()

    args = variables(y) if which == 'decov' else variables(y, z)
    _fuzz.check_against(which, getattr(F, which), args, {}, reference, dtype=dtype,
                        inputs=args)


@settings
@given(data=st.data(), ignore=st.sampled_from([None, -1]))
def test_accuracy(data, ignore):
    x, t = data.draw(scores_and_labels())

    def reference():
        # (Without ignore_label, -1 is a label no score matches.)
        labels_fit_scores(x, t)
        valid = t != -1 if ignore is not None else numpy.ones(t.shape, bool)
        hits = (x.argmax(axis=1).reshape(t.shape) == t) & valid
        return hits.sum() / valid.sum() if valid.sum() else 0.0

    _fuzz.check_against('accuracy', F.accuracy, (x, t), {'ignore_label': ignore},
                        reference, dtype=x.dtype)


@settings
@given(data=st.data())
def test_binary_accuracy(data):
    x, other = data.draw(pair())
    t = binary_labels(other)

    def reference():
        same_shape(x, t)
        valid = t != -1
        return ((x >= 0) == t)[valid].mean() if valid.any() else 0.0

    _fuzz.check_against('binary_accuracy', F.binary_accuracy, (x, t), {}, reference,
                        dtype=x.dtype)


@settings
@given(data=st.data(), which=st.sampled_from(['precision', 'recall', 'f1_score']))
def test_classification_scores(data, which):
    x, t = data.draw(scores_and_labels())

    def reference():
        labels_fit_scores(x, t)
        pred = x.argmax(axis=1).reshape(t.shape)
        classes = t.max(initial=-1) + 1  # Chainer: label_num = max(t) + 1
        valid = t != -1
        pred, true = pred[valid], t[valid]
        tp = numpy.array([((pred == c) & (true == c)).sum() for c in range(classes)])
        predicted = numpy.array([(pred == c).sum() for c in range(classes)])
        support = numpy.array([(true == c).sum() for c in range(classes)])
        with numpy.errstate(all='ignore'):
            precision, recall = tp / predicted, tp / support
            f1 = 2 * precision * recall / (precision + recall)
        return {'precision': precision, 'recall': recall, 'f1_score': f1}[which], support

    # Labels below -1 have no meaning (Chainer counts them nowhere, or fails).
    degenerate = t.dtype.kind in 'iu' and (t < -1).any()
    _fuzz.check_against(which, getattr(F, which), (x, t), {}, reference,
                        label=_fuzz.UNCHECKED if degenerate else (
                            _fuzz.LENIENT if x.ndim > 2 else None))


@settings
@given(data=st.data(), multioutput=st.sampled_from(['uniform_average', 'raw_values']))
def test_r2_score(data, multioutput):
    pred, true = data.draw(pair(min_dims=1))
    # In float16 the sums of squares of small differences are subnormal: few digits.
    assume(pred.dtype != numpy.float16)
    if pred.shape == true.shape and len(true):  # a vanishing variance: an ill-posed score
        exact = ((true.astype(numpy.float64) - true.mean(axis=0, dtype=numpy.float64)) ** 2)
        rounded = (true - true.mean(axis=0)) ** 2
        assume(numpy.all(((exact.sum(axis=0) == 0) & (rounded.sum(axis=0) == 0))
                         | (exact.sum(axis=0) > 1e-3)))

    def reference():
        same_shape(pred, true)
        p64, t64 = pred.astype(numpy.float64), true.astype(numpy.float64)
        residual = ((t64 - p64) ** 2).sum(axis=0)
        total = ((t64 - t64.mean(axis=0)) ** 2).sum(axis=0)
        # A variance that vanishes in the inputs' dtype scores 0, as in Chainer.
        vanished = ((true - true.mean(axis=0)) ** 2).sum(axis=0) == 0
        with numpy.errstate(all='ignore'):
            score = numpy.where(vanished, 0.0, 1 - residual / total)
        return score if multioutput == 'raw_values' else score.mean()

    _fuzz.check_against('r2_score', F.r2_score, (pred, true), {'multioutput': multioutput},
                        reference, label=_fuzz.LENIENT if pred.shape[0] < 2 else None)
