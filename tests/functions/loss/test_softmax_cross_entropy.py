import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _log_softmax(x):
    shifted = x.astype(numpy.float64) - x.max(axis=1, keepdims=True)
    return shifted - numpy.log(numpy.exp(shifted).sum(axis=1, keepdims=True))


def _reference(x, t, normalize=True, class_weight=None, ignore_label=-1, reduce='mean'):
    log_y = numpy.moveaxis(_log_softmax(x), 1, -1)          # (N, d..., C)
    valid = t != ignore_label
    picked = numpy.take_along_axis(log_y, numpy.where(valid, t, 0)[..., None], -1)[..., 0]
    weight = 1.0 if class_weight is None else class_weight[numpy.where(valid, t, 0)]
    losses = -picked * weight * valid
    if reduce == 'no':
        return losses.astype(x.dtype)
    count = valid.sum() if normalize else len(x)
    return numpy.asarray(losses.sum() / max(count, 1), dtype=x.dtype)


def _labels(shape, n_class, ignore_label=-1, with_ignored=True):
    t = numpy.random.randint(0, n_class, shape).astype(numpy.int32)
    if with_ignored and t.size > 1:
        t.ravel()[1] = ignore_label
    return t


CASES = [
    dict(shape=(5, 4)),
    dict(shape=(3, 4, 2, 2)),
    dict(shape=(5, 4), normalize=False),
    dict(shape=(3, 4, 2), normalize=False),
    dict(shape=(5, 4), reduce='no'),
    dict(shape=(3, 4, 2), reduce='no'),
    dict(shape=(5, 4), class_weight=True),
    dict(shape=(3, 4, 2), class_weight=True, reduce='no'),
    dict(shape=(5, 4), ignore_label=2),
    dict(shape=(5, 4), cache_score=False),
]


@pytest.mark.parametrize('case', CASES)
def test_forward_backward(case):
    case = dict(case)
    shape = case.pop('shape')
    cache_score = case.pop('cache_score', True)
    if case.pop('class_weight', False):
        case['class_weight'] = numpy.random.uniform(0.5, 2, shape[1])
    x = numpy.random.uniform(-2, 2, shape)
    t = _labels(shape[:1] + shape[2:], shape[1], case.get('ignore_label', -1))

    def loss(x, t):
        return F.softmax_cross_entropy(x, t, cache_score=cache_score, **case)

    def reference(x, t):
        y = _reference(x, t, **case)
        return y

    check_function(loss, (x, t), reference)


def test_float16_sums_in_float32():
    x = numpy.random.uniform(-1, 1, (4000, 3)).astype(numpy.float16)
    t = _labels((4000,), 3, with_ignored=False)
    y = F.softmax_cross_entropy(x, t)
    assert y.dtype == numpy.float16
    numpy.testing.assert_allclose(float(y.array), float(_reference(x.astype(numpy.float64), t)),
                                  rtol=2e-3)


def test_stable_for_large_scores():
    x = numpy.array([[1e4, -1e4, 0], [-1e4, 1e4 - 1, 1e4]], numpy.float32)
    t = numpy.array([1, 1], numpy.int32)
    xv = kusari.Variable(x)
    y = F.softmax_cross_entropy(xv, t, reduce='no')
    numpy.testing.assert_allclose(y.array, [2e4, 1 + numpy.log1p(numpy.exp(-1))], rtol=1e-6)
    F.sum(y).backward()
    assert numpy.isfinite(xv.grad).all()
    numpy.testing.assert_allclose(xv.grad[0], [1, -1, 0], atol=1e-6)


def test_first_order_fast_path_matches_double_backprop_path():
    x = numpy.random.uniform(-2, 2, (3, 4, 2))
    t = _labels((3, 2), 4)
    weight = numpy.random.uniform(0.5, 2, 4)
    grads = []
    for double in (False, True):
        xv = kusari.Variable(x)
        y = F.softmax_cross_entropy(xv, t, class_weight=weight, enable_double_backprop=double)
        y.backward(enable_double_backprop=double)
        grads.append(xv.grad)
    numpy.testing.assert_allclose(grads[0], grads[1], rtol=1e-12)


@pytest.mark.parametrize('shape', [(5, 4), (5, 4, 3)])
def test_a_batch_without_ignored_labels_gives_the_masked_values(shape):
    # Without ignored labels the CPU skips the masking: the losses and gradients of the
    # labelled entries are the same bits as beside an ignored entry (which masks).
    x = numpy.random.uniform(-2, 2, shape).astype(numpy.float32)
    t = _labels(shape[:1] + shape[2:], shape[1], with_ignored=False)
    x_more = numpy.concatenate([x, x[:1]])
    t_more = numpy.concatenate([t, numpy.full_like(t[:1], -1)])
    results = []
    for xs, ts in ((x, t), (x_more, t_more)):
        xv = kusari.Variable(xs)
        losses = F.softmax_cross_entropy(xv, ts, reduce='no')
        F.softmax_cross_entropy(xv, ts).backward()
        results.append((losses.array[:len(x)], xv.grad[:len(x)]))
    for plain, masked in zip(*results):
        numpy.testing.assert_array_equal(plain, masked)


@pytest.mark.parametrize('ignore_label', [-1, 1])
@pytest.mark.parametrize('dtype', [numpy.int32, numpy.uint8, numpy.int64])
def test_array_form_gives_the_graph_forms_bits(dtype, ignore_label):
    # first-order backprop runs the array form (which on the CPU, for 2-d scores, picks
    # the labels by position), double backprop the graph form
    x = numpy.random.uniform(-2, 2, (6, 3)).astype(numpy.float32)
    t = numpy.array([0, 2, 1, 2, 0, 1], dtype)
    results = []
    for double in (False, True):
        xv = kusari.Variable(x)
        y = F.softmax_cross_entropy(xv, t, ignore_label=ignore_label,
                                    enable_double_backprop=double)
        y.backward(enable_double_backprop=double)
        results.append((y.array, xv.grad))
    expected = _reference(x, t.astype(numpy.int64), ignore_label=ignore_label)
    numpy.testing.assert_allclose(results[0][0], expected, rtol=1e-6)
    for first, second in zip(*results):
        numpy.testing.assert_array_equal(first, second)


def test_all_labels_ignored():
    x = kusari.Variable(numpy.random.randn(2, 3))
    y = F.softmax_cross_entropy(x, numpy.array([-1, -1], numpy.int32))
    y.backward()
    assert float(y.array) == 0 and not x.grad.any()


@pytest.mark.parametrize('soft_target_loss', ['cross-entropy', 'kl-divergence'])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2)])
def test_soft_targets(soft_target_loss, reduce, shape):
    x = numpy.random.uniform(-2, 2, shape)
    t = numpy.random.uniform(0.1, 1, shape)
    t /= t.sum(axis=1, keepdims=True)

    def loss(x):
        return F.softmax_cross_entropy(x, t.astype(x.dtype), reduce=reduce,
                                       soft_target_loss=soft_target_loss)

    def reference(x):
        tt = t.astype(x.dtype).astype(numpy.float64)
        terms = -tt * _log_softmax(x)
        if soft_target_loss == 'kl-divergence':
            terms += tt * numpy.log(tt + 1e-7)
        losses = terms.sum(axis=1)
        y = losses if reduce == 'no' else numpy.asarray(losses.mean())
        return y.astype(x.dtype)

    check_function(loss, x, reference)


def test_soft_target_kl_divergence_is_zero_at_the_target():
    t = numpy.array([[0.2, 0.3, 0.5]])
    y = F.softmax_cross_entropy(numpy.log(t), t, soft_target_loss='kl-divergence')
    assert abs(float(y.array)) < 1e-6


def test_bad_inputs():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match=r'softmax_cross_entropy.*t.*\[0, 3\).*label 3'):
        F.softmax_cross_entropy(x, numpy.array([0, 3], numpy.int32))
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*label -2'):
        F.softmax_cross_entropy(x, numpy.array([0, -2], numpy.int32))
    # beside ignored labels, and with ignore_label one of the classes
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*label -2'):
        F.softmax_cross_entropy(x, numpy.array([-1, -2], numpy.int32))
    with pytest.raises(InvalidType, match=r'softmax_cross_entropy.*\[0, 3\).*label 3'):
        F.softmax_cross_entropy(x, numpy.array([-1, 3], numpy.int32))
    with pytest.raises(InvalidType, match=r'ignore_label=1.*label -1'):
        F.softmax_cross_entropy(x, numpy.array([1, -1], numpy.int32), ignore_label=1)
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*shape of t'):
        F.softmax_cross_entropy(x, numpy.array([0, 1, 2], numpy.int32))
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*reduce'):
        F.softmax_cross_entropy(x, numpy.array([0, 1], numpy.int32), reduce='sum')
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*class_weight'):
        F.softmax_cross_entropy(x, numpy.array([0, 1], numpy.int32),
                                class_weight=numpy.ones(2, numpy.float32))
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*soft_target_loss'):
        F.softmax_cross_entropy(x, numpy.ones((2, 3), numpy.float32) / 3,
                                soft_target_loss='l2')
    with pytest.raises(InvalidType, match='softmax_cross_entropy.*x'):
        F.softmax_cross_entropy(numpy.zeros(3, numpy.float32), numpy.array(0, numpy.int32))


@pytest.mark.parametrize('shape', [(0, 3), (0, 3, 2)])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_empty_batch(shape, reduce):
    x = kusari.Variable(numpy.zeros(shape, numpy.float32))
    y = F.softmax_cross_entropy(x, numpy.zeros(shape[:1] + shape[2:], numpy.int32),
                                reduce=reduce)
    assert y.shape == (() if reduce == 'mean' else shape[:1] + shape[2:])
    F.sum(y).backward()
    assert x.grad.shape == shape


def test_float_labels_say_labels_must_be_int32_class_indices():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match=r'softmax_cross_entropy: invalid t: expected int32 '
                                          r'class indices of shape \(2,\).*astype\(numpy\.int32\)'
                                          r'.*got float32 of shape \(2,\)'):
        F.softmax_cross_entropy(x, numpy.array([0., 1.], numpy.float32))


def test_labels_in_a_variable_get_no_gradient():
    x = kusari.Variable(numpy.random.uniform(-2, 2, (3, 4)).astype(numpy.float32))
    t = kusari.Variable(numpy.array([0, 3, 1], numpy.int32))
    F.softmax_cross_entropy(x, t).backward()
    assert x.grad is not None and t.grad is None
