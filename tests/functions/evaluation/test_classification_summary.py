import numpy
import pytest

import kusari.functions as F
from kusari.testing import attr
from kusari.utils.type_check import InvalidType


def one_hot_scores(pred, classes):
    return numpy.eye(classes)[pred]


def counts(pred, true, classes):
    tp = numpy.array([((pred == k) & (true == k)).sum() for k in range(classes)])
    relevant = numpy.array([(pred == k).sum() for k in range(classes)])
    support = numpy.array([(true == k).sum() for k in range(classes)])
    return tp, relevant, support


def test_against_counts():
    rng = numpy.random.RandomState(0)
    pred, true = rng.randint(0, 4, 50), rng.randint(0, 4, 50)
    precision, recall, fbeta, support = F.classification_summary(
        one_hot_scores(pred, 4), true, label_num=4, beta=2.0)
    tp, relevant, true_count = counts(pred, true, 4)
    numpy.testing.assert_allclose(precision.array, tp / relevant)
    numpy.testing.assert_allclose(recall.array, tp / true_count)
    p, r = tp / relevant, tp / true_count
    numpy.testing.assert_allclose(fbeta.array, 5 * p * r / (4 * p + r))
    numpy.testing.assert_array_equal(support.array, true_count)


def test_shortcuts_agree_with_summary():
    rng = numpy.random.RandomState(1)
    y, t = rng.uniform(size=(20, 3)), rng.randint(0, 3, 20)
    p, r, f, s = (v.array for v in F.classification_summary(y, t))
    for func, expected in ((F.precision, p), (F.recall, r), (F.f1_score, f)):
        value, support = func(y, t)
        numpy.testing.assert_allclose(value.array, expected)
        numpy.testing.assert_array_equal(support.array, s)


def test_ignore_label_and_inferred_label_num():
    y = one_hot_scores(numpy.array([0, 1, 1, 2]), 3)
    t = numpy.array([0, 1, 2, -1])
    precision, recall, _, support = F.classification_summary(y, t)
    # label_num is inferred as 3 from t's largest label; the ignored sample counts nowhere.
    numpy.testing.assert_array_equal(support.array, [1, 1, 1])
    numpy.testing.assert_allclose(precision.array, [1, 0.5, numpy.nan])
    numpy.testing.assert_allclose(recall.array, [1, 1, 0])


def test_spatial_labels():
    rng = numpy.random.RandomState(2)
    y, t = rng.uniform(size=(2, 3, 4)), rng.randint(0, 3, (2, 4))
    precision, _, _, _ = F.classification_summary(y, t, label_num=3)
    tp, relevant, _ = counts(y.argmax(axis=1).ravel(), t.ravel(), 3)
    numpy.testing.assert_allclose(precision.array, tp / relevant)


def test_bad_inputs():
    with pytest.raises(InvalidType, match='classification_summary: invalid t'):
        F.classification_summary(numpy.zeros((2, 3)), numpy.zeros(2))
    with pytest.raises(InvalidType, match='classification_summary: invalid y'):
        F.classification_summary(numpy.zeros((2, 3), numpy.int32), numpy.zeros(2, numpy.int32))


@attr.gpu
def test_gpu_matches_cpu():
    import cupy
    rng = numpy.random.RandomState(3)
    y, t = rng.uniform(size=(30, 4)), rng.randint(-1, 4, 30)
    for cpu, gpu in zip(F.classification_summary(y, t),
                        F.classification_summary(cupy.asarray(y), cupy.asarray(t))):
        numpy.testing.assert_allclose(cupy.asnumpy(gpu.array), cpu.array)
