import numpy
import pytest

from kusari.dataset import TabularDataset
from kusari.dataset import tabular

LIST = [2, 7, 1, 8, 4, 5, 9, 0, 3, 6]


@pytest.mark.parametrize('data', [numpy.arange(10), ('a', numpy.arange(10)), LIST, ('a', LIST)])
def test_one_column(data):
    dataset = tabular.from_data(data)
    assert isinstance(dataset, TabularDataset)
    assert len(dataset) == 10 and len(dataset.keys) == 1 and dataset.mode is None
    if isinstance(data, tuple):
        assert dataset.keys == ('a',)
    column = data[1] if isinstance(data, tuple) else data
    output = dataset.slice[[1, -1]].fetch()
    assert type(output) is type(column)
    assert list(output) == [column[1], column[9]]
    assert list(dataset.slice[8:].fetch()) == list(column[8:])
    assert dataset[3] == column[3]


def test_function_columns_get_the_row_number():
    dataset = tabular.from_data(('a', lambda i: i * i), size=10)
    assert dataset.keys == ('a',) and dataset.mode is None
    assert dataset.slice[[1, 3]].fetch() == [1, 9]
    assert dataset.slice[::-4].fetch() == [81, 25, 1]
    assert dataset[-1] == 81
    pair = tabular.from_data((('a', 'b'), lambda i: (i * i, -i)), size=numpy.int64(4))
    assert pair.mode is tuple and pair.keys == ('a', 'b')
    assert pair.fetch() == ([0, 1, 4, 9], [0, -1, -2, -3])
    named = tabular.from_data((('a', 'b'), lambda i: {'b': -i, 'a': i}), size=3)
    assert named.mode is dict and named[2] == {'a': 2, 'b': -2}


def test_tuple_of_columns():
    dataset = tabular.from_data((numpy.arange(10), ('b', LIST), ('c', lambda i: -i),
                                 (('d', 'e'), lambda i: {'d': i, 'e': 2 * i})))
    assert dataset.mode is tuple and len(dataset) == 10
    assert dataset.keys[1:] == ('b', 'c', 'd', 'e')
    output = dataset.slice[[1, 3]].fetch()
    assert isinstance(output[0], numpy.ndarray) and isinstance(output[1], list)
    assert [list(column) for column in output] == [[1, 3], [7, 8], [-1, -3], [1, 3], [2, 6]]
    assert dataset[2] == (2, 1, -2, 2, 4)


def test_dict_of_columns():
    dataset = tabular.from_data({'a': numpy.arange(10), 'b': LIST,
                                 ('c', 'd'): lambda i: (i, -i)})
    assert dataset.mode is dict and set(dataset.keys) == {'a', 'b', 'c', 'd'}
    assert dataset[4] == {'a': 4, 'b': 4, 'c': 4, 'd': -4}
    functions = tabular.from_data({'a': lambda i: i * i, 'b': lambda i: -i}, size=3)
    assert functions.fetch() == {'a': [0, 1, 4], 'b': [0, -1, -2]}


def test_unnamed_columns_get_unique_keys():
    assert tabular.from_data(numpy.arange(3)).keys != tabular.from_data(numpy.arange(3)).keys


def test_the_data_is_not_copied():
    column = numpy.arange(5)
    assert tabular.from_data(('x', column)).fetch() is column


@pytest.mark.parametrize('data,size,error,message', [
    (lambda i: i, 10, ValueError, r'from_data: a function needs its key\(s\)'),
    (('a', lambda i: i), None, ValueError, 'from_data: size must be given'),
    ((('a', lambda i: i), ('b', lambda i: i)), None, ValueError, 'size must be given'),
    ({'a': lambda i: i}, None, ValueError, 'size must be given'),
    ((numpy.arange(3), [1, 2]), None, ValueError,
     r"from_data: an unnamed column has 2 rows, expected 3"),
    ({'a': [1, 2], 'b': [1]}, None, ValueError, "from_data: column 'b' has 1 rows, expected 2"),
    (('a', [1, 2]), 3, ValueError, "column 'a' has 2 rows, expected 3"),
    (('a', [1, 2]), -1, ValueError, 'from_data: size must be a non-negative integer'),
    (range(3), None, TypeError, 'from_data: a column must be a list, an array or a '
                                'function, got range'),
    (numpy.float64(1), None, TypeError, 'a column must be a list'),
    (numpy.array(1), None, TypeError, 'from_data: a column must have rows, got a 0-d array'),
    ({('a', 'b'): [1, 2]}, None, TypeError,
     r"from_data: the keys \('a', 'b'\) need a function"),
    ((), None, ValueError, 'from_data: data must have at least one column'),
])
def test_bad_data(data, size, error, message):
    with pytest.raises(error, match=message):
        tabular.from_data(data, size=size)
