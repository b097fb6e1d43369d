import itertools

import numpy
import pytest

from kusari.dataset import TabularDataset
from tests.dataset.tabular.table import columns
from tests.dataset.tabular.table import Table

ROWS = [
    slice(None), slice(2, 8), slice(None, None, -1), slice(8, 1, -3), slice(-3, None),
    slice(20, 30), slice(5, 2), [3, -2, 3], [], numpy.array([7, 0], dtype=numpy.int32),
    [numpy.int64(4), 1], [i % 3 == 0 for i in range(10)], numpy.arange(10) > 6,
    [False, 3, True],
]
# Python's own selection of rows 0..9 by each of ROWS.
EXPECTED_ROWS = [
    list(range(10)), [2, 3, 4, 5, 6, 7], list(range(9, -1, -1)), [8, 5, 2], [7, 8, 9],
    [], [], [3, 8, 3], [], [7, 0], [4, 1], [0, 3, 6, 9], [7, 8, 9], [0, 3, 1],
]
REQUESTS = [None, [0], [1, 0, 1], [-1], slice(None), slice(1, None), slice(None, None, -2),
            slice(0, 0), []]


@pytest.mark.parametrize('rows,expected', list(zip(ROWS, EXPECTED_ROWS)))
@pytest.mark.parametrize('request_rows', REQUESTS)
def test_rows_of_every_kind(rows, expected, request_rows):
    table = Table(arrays=True)
    view = table.slice[rows]
    assert isinstance(view, TabularDataset)
    assert len(view) == len(expected)
    assert view.keys == ('a', 'b', 'c') and view.mode is tuple
    if request_rows is None:
        wanted = expected
    elif isinstance(request_rows, slice):
        wanted = expected[request_rows]
    else:
        if any(index >= len(expected) or index < -len(expected) for index in request_rows):
            return
        wanted = [expected[index] for index in request_rows]
    output = view.get_examples(request_rows, None)
    assert columns(output) == table.data[:, wanted].tolist()
    # The underlying dataset is asked for a slice or a list, never anything else.
    asked, _ = table.requests[-1]
    assert isinstance(asked, (slice, list))


def test_a_slice_is_passed_on_as_a_slice_and_a_list_as_a_list():
    table = Table()
    table.slice[2:8:2].get_examples(None, None)
    table.slice[::-1].get_examples(slice(1, 3), None)
    table.slice[[5, 1]].get_examples(slice(None, None, -1), None)
    table.slice[::2].get_examples([1, 0], None)
    assert table.requests == [(slice(2, 8, 2), None), (slice(8, 6, -1), None),
                              ([1, 5], None), ([2, 0], None)]


def test_reversed_slices_down_to_row_zero():
    table = Table(n_rows=5)
    assert columns(table.slice[::-2].fetch()[:1]) == [[4, 2, 0]]
    assert table.requests[-1] == (slice(4, None, -2), None)
    assert columns(table.slice[::-1].slice[::-1].fetch()[:1]) == [[0, 1, 2, 3, 4]]
    # An empty window of a reversed view selects nothing (not the whole dataset).
    view = table.slice[2::-1]
    assert columns(view.get_examples(slice(5, 3), None)) == [[], [], []]


def test_every_slice_of_every_slice():
    table = Table(n_rows=6)
    expected = table.data[0].tolist()
    bounds = [None, -7, -2, 0, 3, 7]
    slices = [slice(start, stop, step)
              for start, stop, step in itertools.product(bounds, bounds, [1, 2, -1, -2])]
    for outer in slices:
        view = table.slice[outer, 'a']
        for inner in slices:
            assert list(view.get_examples(inner, None)[0]) == expected[outer][inner], (
                outer, inner)


def test_nested_slices_compose():
    table = Table(n_rows=20)
    view = table.slice[3:18].slice[::-2].slice[[1, 2, 0]]
    assert columns(view.fetch()[:1]) == [[15, 13, 17]]
    view = table.slice[[i % 2 == 0 for i in range(20)]].slice[1::3]
    assert columns(view.fetch()[:1]) == [[2, 8, 14]]


@pytest.mark.parametrize('keys,names,mode', [
    (None, ('a', 'b', 'c'), tuple),
    ('b', ('b',), None), (1, ('b',), None), (numpy.int32(-1), ('c',), None),
    (('c', 0), ('c', 'a'), tuple), ((-1, 'a', 'a'), ('c', 'a', 'a'), tuple), ((), (), tuple),
])
@pytest.mark.parametrize('base_mode', [tuple, dict])
def test_keys_by_name_or_index(keys, names, mode, base_mode):
    table = Table(n_rows=4, mode=base_mode)
    view = table.slice[1:3, keys] if keys is not None else table.slice[1:3]
    assert view.keys == names
    assert view.mode is (base_mode if mode is tuple else None)
    indices = [table.keys.index(name) for name in names]
    assert columns(view.get_examples(None, None)) == table.data[indices, 1:3].tolist()
    if names:
        assert columns(view.get_examples([1], (0,))) == [[table.data[indices[0], 2]]]
        assert table.requests[-1] == ([2], (indices[0],))


def test_tuple_keys_over_a_single_column_give_tuples():
    table = Table(keys=('a',), mode=None)
    assert table.slice[:, ('a',)].mode is tuple
    assert table.slice[:, 'a'].mode is None
    assert table.slice[:2, ('a',)][1] == (1,)


def test_example_of_each_kind_of_view():
    table = Table(n_rows=4, mode=dict)
    assert table.slice[::-1, ('c', 'a')][0] == {'c': 203, 'a': 3}
    assert table.slice[::-1, 'c'][0] == 203
    assert table.slice[[2], ('b',)].fetch() == {'b': [102]}


@pytest.mark.parametrize('rows,error,message', [
    ([10, 1], IndexError, 'TabularDataset.slice: index 10 is out of bounds for a dataset '
                          'of 10 rows'),
    ([-11], IndexError, 'index -11'),
    ([True] * 9, ValueError, 'TabularDataset.slice: 9 booleans for a dataset of 10 rows'),
    ([1.5], TypeError, 'TabularDataset.slice: a row index must be an integer, got float'),
    (3, TypeError, 'rows must be a slice or a list/array of ints or booleans, got int'),
])
def test_bad_rows(rows, error, message):
    table = Table()
    with pytest.raises(error, match=message):
        table.slice[rows]
    assert table.requests == []


@pytest.mark.parametrize('keys,error,message', [
    ('d', KeyError, "TabularDataset.slice: 'd' is not one of the keys"),
    (('a', 'd'), KeyError, "'d' is not one of the keys"),
    (3, IndexError, r"TabularDataset.slice: key index 3 is out of bounds for the 3 keys "
                    r"\('a', 'b', 'c'\)"),
    ((0, -4), IndexError, 'key index -4'),
])
def test_bad_keys(keys, error, message):
    with pytest.raises(error, match=message):
        Table().slice[:, keys]


def test_too_many_items():
    with pytest.raises(TypeError, match=r'takes \[rows\] or \[rows, keys\], got 3 items'):
        Table().slice[:, 'a', 'b']


def test_a_view_keeps_the_converter():
    class Converted(Table):
        def convert(self, data):
            return 'converted', data

    view = Converted(n_rows=2).slice[:, 'a']
    assert view.convert(view.fetch()) == ('converted', [0, 1])
