import numpy
import pytest

from kusari.datasets import get_cross_validation_datasets
from kusari.datasets import get_cross_validation_datasets_random
from kusari.datasets import split_dataset
from kusari.datasets import split_dataset_n
from kusari.datasets import split_dataset_n_random
from kusari.datasets import split_dataset_random
from kusari.datasets import SubDataset


def as_list(dataset):
    return [dataset[i] for i in range(len(dataset))]


def test_sub_dataset_range_and_negative_indices():
    s = SubDataset(list(range(10)), 2, 6)
    assert len(s) == 4
    assert as_list(s) == [2, 3, 4, 5]
    assert s[-1] == 5 and s[-4] == 2
    assert s[1:3] == [3, 4]
    for i in (4, -5):
        with pytest.raises(IndexError):
            s[i]


def test_sub_dataset_with_order():
    order = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    s = SubDataset(list('abcdefghij'), 1, 4, order)
    assert as_list(s) == ['i', 'h', 'g']


def test_sub_dataset_bad_arguments():
    with pytest.raises(ValueError, match=r'\[0, 11\)'):
        SubDataset(list(range(10)), 0, 11)
    with pytest.raises(ValueError, match=r'len\(order\) = 3 and len\(dataset\) = 10'):
        SubDataset(list(range(10)), 0, 2, [0, 1, 2])


def test_split_dataset():
    a, b = split_dataset(list(range(5)), 2)
    assert as_list(a) == [0, 1] and as_list(b) == [2, 3, 4]
    a, b = split_dataset(list(range(5)), 5)
    assert len(a) == 5 and len(b) == 0
    a, b = split_dataset(list(range(4)), numpy.int64(1), order=[3, 2, 1, 0])
    assert as_list(a) == [3] and as_list(b) == [2, 1, 0]


def test_split_dataset_bad_split_at():
    with pytest.raises(ValueError, match='split_at'):
        split_dataset([1, 2], 3)
    with pytest.raises(ValueError, match='split_at'):
        split_dataset([1, 2], -1)
    with pytest.raises(TypeError, match='split_at must be an int'):
        split_dataset([1, 2], 1.0)


def test_split_dataset_random_is_a_seeded_partition():
    data = list(range(20))
    a, b = split_dataset_random(data, 7, seed=3)
    assert len(a) == 7 and len(b) == 13
    assert sorted(as_list(a) + as_list(b)) == data
    expected = numpy.random.RandomState(3).permutation(20)
    assert as_list(a) == expected[:7].tolist()
    a2, _ = split_dataset_random(data, 7, seed=3)
    assert as_list(a2) == as_list(a)


def test_split_dataset_n():
    parts = split_dataset_n(list(range(10)), 3)
    assert [as_list(p) for p in parts] == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    with pytest.raises(ValueError, match='n must be positive'):
        split_dataset_n([1], 0)


def test_split_dataset_n_random():
    parts = split_dataset_n_random(list(range(10)), 2, seed=0)
    order = numpy.random.RandomState(0).permutation(10)
    assert as_list(parts[0]) == order[:5].tolist()
    assert as_list(parts[1]) == order[5:].tolist()


def test_cross_validation_folds_partition_the_data():
    data = list(range(10))
    splits = get_cross_validation_datasets(data, 3)
    assert len(splits) == 3
    # fold borders 0, 3, 6, 10; the j-th split tests on fold 2 - j
    expected_tests = [[6, 7, 8, 9], [3, 4, 5], [0, 1, 2]]
    for (train, test), expected in zip(splits, expected_tests):
        assert as_list(test) == expected
        assert sorted(as_list(train) + as_list(test)) == data
    # the training part follows the test fold cyclically (Chainer's order)
    assert as_list(splits[0][0]) == [0, 1, 2, 3, 4, 5]
    assert as_list(splits[1][0]) == [6, 7, 8, 9, 0, 1, 2]
    assert as_list(splits[2][0]) == [3, 4, 5, 6, 7, 8, 9]


def test_cross_validation_with_order_and_random():
    order = [4, 3, 2, 1, 0]
    splits = get_cross_validation_datasets(list('abcde'), n_folds=5, order=order)
    assert sorted(as_list(t)[0] for _, t in splits) == list('abcde')
    assert as_list(splits[0][1]) == ['a']

    random_splits = get_cross_validation_datasets_random(list(range(9)), 3, seed=5)
    permutation = numpy.random.RandomState(5).permutation(9)
    assert as_list(random_splits[0][1]) == permutation[6:].tolist()


def test_cross_validation_deprecated_n_fold_and_errors():
    with pytest.warns(DeprecationWarning, match='n_folds'):
        splits = get_cross_validation_datasets(list(range(4)), n_fold=2)
    assert len(splits) == 2
    with pytest.raises(TypeError, match='unexpected'):
        get_cross_validation_datasets([1], 1, bogus=1)
    with pytest.raises(ValueError, match='n_folds'):
        get_cross_validation_datasets([1, 2], 3)
