import numpy
import pytest

from kusari.dataset import DatasetMixin
from kusari.dataset import TabularDataset
from kusari.dataset import tabular
from tests.dataset.tabular.table import Table


def test_is_a_dataset_mixin_and_exported_where_chainer_has_it():
    assert issubclass(TabularDataset, DatasetMixin)
    assert tabular.TabularDataset is TabularDataset
    assert issubclass(tabular.DelegateDataset, TabularDataset)


@pytest.mark.parametrize('arrays', [False, True])
def test_fetch_in_each_mode(arrays):
    table = Table(n_rows=4, arrays=arrays)
    fetched = table.fetch()
    assert table.requests == [(None, None)]
    assert isinstance(fetched, tuple)
    assert [list(column) for column in fetched] == table.data.tolist()
    assert all(isinstance(column, numpy.ndarray if arrays else list) for column in fetched)

    as_dict = Table(n_rows=4, mode=dict, arrays=arrays).fetch()
    assert {key: list(column) for key, column in as_dict.items()} == {
        'a': [0, 1, 2, 3], 'b': [100, 101, 102, 103], 'c': [200, 201, 202, 203]}

    single = Table(n_rows=4, keys=('a',), mode=None, arrays=arrays).fetch()
    assert list(single) == [0, 1, 2, 3]


def test_get_example_getitem_and_iter_follow_the_mode():
    table = Table(n_rows=3)
    assert table.get_example(2) == (2, 102, 202)
    assert table.requests == [([2], None)]
    assert table[-1] == (2, 102, 202)
    assert table.requests[-1] == ([2], None)
    assert table[0:3:2] == [(0, 100, 200), (2, 102, 202)]
    assert table[[1]] == [(1, 101, 201)]
    assert table[numpy.array([0])] == [(0, 100, 200)]
    assert list(Table(n_rows=2, mode=dict)) == [{'a': 0, 'b': 100, 'c': 200},
                                                {'a': 1, 'b': 101, 'c': 201}]
    assert list(Table(n_rows=2, keys=('z',), mode=None)) == [0, 1]


def test_get_example_out_of_bounds_or_not_an_integer():
    table = Table(n_rows=3)
    with pytest.raises(IndexError, match='Table.get_example: index 3 is out of bounds '
                                         'for a dataset of 3 rows'):
        table[3]
    with pytest.raises(IndexError, match='index -4'):
        table[-4]
    with pytest.raises(TypeError, match='a row index must be an integer, got float'):
        table[1.0]
    assert table.requests == []


def test_convert_makes_each_column_an_array():
    table = Table(n_rows=3)
    converted = table.convert(table.fetch())
    assert all(isinstance(column, numpy.ndarray) for column in converted)
    numpy.testing.assert_array_equal(converted[1], [100, 101, 102])
    converted = table.convert({'x': [1.5, 2.5], 'y': numpy.zeros(2)})
    assert converted['x'].dtype == numpy.float64
    numpy.testing.assert_array_equal(converted['x'], [1.5, 2.5])
    array = numpy.arange(3)
    assert table.convert(array) is array  # arrays are kept as they are
    assert table.convert([]).shape == (0,)


def test_unknown_mode_is_refused():
    class BadMode(Table):
        @property
        def mode(self):
            return list

    with pytest.raises(ValueError, match='BadMode: mode must be tuple, dict or None, got'):
        BadMode().fetch()


def test_abstract_methods_name_the_subclass():
    class Empty(TabularDataset):
        pass

    for call in (len, lambda d: d.keys, lambda d: d.mode,
                 lambda d: d.get_examples(None, None)):
        with pytest.raises(NotImplementedError, match='Empty must implement'):
            call(Empty())
