"""SubDataset and the functions that split a dataset (train/validation, cross-validation)."""

import numbers
import warnings

import numpy

from kusari.dataset import dataset_mixin
from kusari.utils import argument


class SubDataset(dataset_mixin.DatasetMixin):
    """A contiguous range of a dataset, optionally seen through a permutation.

    The ``i``-th example is ``dataset[order[start + i]]`` (or ``dataset[start + i]``
    without ``order``). Negative ``i`` counts from ``finish``.

    Args:
        dataset: The base dataset.
        start (int): The first position of the range.
        finish (int): One past the last position of the range.
        order (sequence of ints): A permutation of the base dataset's indices, or
            ``None`` for the identity.
    """

    def __init__(self, dataset, start, finish, order=None):
        if start < 0 or finish > len(dataset) or start > finish:
            raise ValueError(
                'SubDataset: the range [{}, {}) does not fit in a dataset of {} examples'
                .format(start, finish, len(dataset)))
        if order is not None and len(order) != len(dataset):
            raise ValueError(
                'SubDataset: order must have the same length as the base dataset, but '
                'len(order) = {} and len(dataset) = {}'.format(len(order), len(dataset)))
        self._dataset = dataset
        self._start = start
        self._finish = finish
        self._size = finish - start
        self._order = order

    def __len__(self):
        return self._size

    def get_example(self, i):
        if not -self._size <= i < self._size:
            raise IndexError('SubDataset: index {} is out of range for a subset of {} '
                             'examples'.format(i, self._size))
        index = self._start + i if i >= 0 else self._finish + i
        if self._order is not None:
            index = self._order[index]
        return self._dataset[index]


def _check_int(value, function, name):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError('{}: {} must be an int, got {}'.format(
            function, name, type(value).__name__))


def split_dataset(dataset, split_at, order=None):
    """Splits a dataset into two subsets at a position.

    Args:
        dataset: The dataset to split.
        split_at (int): The size of the first subset, from 0 to ``len(dataset)``.
        order (sequence of ints): A permutation of the indices (see
            :class:`SubDataset`).

    Returns:
        tuple: Two :class:`SubDataset`: the examples ``order[:split_at]`` and
        ``order[split_at:]``.
    """
    _check_int(split_at, 'split_dataset', 'split_at')
    n_examples = len(dataset)
    if not 0 <= split_at <= n_examples:
        raise ValueError('split_dataset: split_at must be in [0, {}] for a dataset of {} '
                         'examples, got {}'.format(n_examples, n_examples, split_at))
    return (SubDataset(dataset, 0, split_at, order),
            SubDataset(dataset, split_at, n_examples, order))


def split_dataset_random(dataset, first_size, seed=None):
    """Splits a dataset into two subsets of random examples.

    Args:
        dataset: The dataset to split.
        first_size (int): The size of the first subset.
        seed (int): Seed of the permutation; the same seed gives the same split.
            ``None`` draws a fresh one.

    Returns:
        tuple: Two :class:`SubDataset` that together hold every example once.
    """
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return split_dataset(dataset, first_size, order)


def split_dataset_n(dataset, n, order=None):
    """Splits a dataset into ``n`` subsets of ``len(dataset) // n`` examples.

    The last ``len(dataset) % n`` examples (in ``order``) are left out.

    Args:
        dataset: The dataset to split.
        n (int): The number of subsets.
        order (sequence of ints): A permutation of the indices (see
            :class:`SubDataset`).

    Returns:
        list: ``n`` :class:`SubDataset`; the ``i``-th holds the examples
        ``order[i * size:(i + 1) * size]`` with ``size = len(dataset) // n``.
    """
    _check_int(n, 'split_dataset_n', 'n')
    if n <= 0:
        raise ValueError('split_dataset_n: n must be positive, got {}'.format(n))
    size = len(dataset) // n
    return [SubDataset(dataset, size * i, size * (i + 1), order) for i in range(n)]


def split_dataset_n_random(dataset, n, seed=None):
    """Splits a dataset into ``n`` subsets of ``len(dataset) // n`` random examples.

    Args:
        dataset: The dataset to split.
        n (int): The number of subsets.
        seed (int): Seed of the permutation; ``None`` draws a fresh one.

    Returns:
        list: ``n`` disjoint :class:`SubDataset`.
    """
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return split_dataset_n(dataset, n, order)


def get_cross_validation_datasets(dataset, n_folds=None, order=None, **kwargs):
    """Creates the (training, test) splits of ``n_folds``-fold cross-validation.

    The indices (in ``order``) are cut into ``n_folds`` contiguous folds whose sizes
    differ by at most one, at ``len(dataset) * i // n_folds``. The ``j``-th split tests
    on fold ``n_folds - 1 - j`` and trains on the other folds, which follow the test
    fold cyclically (the same splits, in the same order, as Chainer's).

    Args:
        dataset: The dataset to split.
        n_folds (int): The number of folds.
        order (sequence of ints): A permutation of the indices; ``None`` for the
            identity.
        n_fold (int): Deprecated name of ``n_folds``.

    Returns:
        list of tuples: ``n_folds`` pairs ``(train, test)`` of :class:`SubDataset`.
    """
    n_fold, = argument.parse_kwargs(kwargs, ('n_fold', None))
    if n_fold is not None:
        if n_folds is not None:
            raise TypeError('get_cross_validation_datasets: give n_folds or n_fold, not both')
        warnings.warn('get_cross_validation_datasets: n_fold is deprecated; use n_folds',
                      DeprecationWarning, stacklevel=2)
        n_folds = n_fold
    if n_folds is None:
        raise TypeError('get_cross_validation_datasets: n_folds is required')
    _check_int(n_folds, 'get_cross_validation_datasets', 'n_folds')
    n_examples = len(dataset)
    if not 0 < n_folds <= max(n_examples, 1):
        raise ValueError('get_cross_validation_datasets: n_folds must be in [1, {}], got {}'
                         .format(n_examples, n_folds))
    order = numpy.arange(n_examples) if order is None else numpy.array(order)
    borders = [n_examples * i // n_folds for i in range(n_folds + 1)]
    splits = []
    for j in range(n_folds):
        test_fold = n_folds - 1 - j
        # Rotate so that the test fold comes last, keeping the cyclic order of the rest.
        rotated = numpy.roll(order, n_examples - borders[test_fold + 1])
        test_size = borders[test_fold + 1] - borders[test_fold]
        splits.append(split_dataset(dataset, n_examples - test_size, rotated))
    return splits


def get_cross_validation_datasets_random(dataset, n_folds, seed=None, **kwargs):
    """Cross-validation splits (see :func:`get_cross_validation_datasets`) of a random order.

    Args:
        dataset: The dataset to split.
        n_folds (int): The number of folds.
        seed (int): Seed of the permutation; ``None`` draws a fresh one.

    Returns:
        list of tuples: ``n_folds`` pairs ``(train, test)`` of :class:`SubDataset`.
    """
    order = numpy.random.RandomState(seed).permutation(len(dataset))
    return get_cross_validation_datasets(dataset, n_folds, order, **kwargs)
