import numpy
import pytest

from tests.dataset.tabular.table import columns
from tests.dataset.tabular.table import Table


def make(mode_a=tuple, mode_b=tuple, arrays=False):
    a = Table(n_rows=4, mode=mode_a, arrays=arrays)
    b = Table(n_rows=4, keys=('d', 'e'), mode=mode_b, arrays=arrays, offset=1000)
    return a, b, a.join(b)


@pytest.mark.parametrize('key_indices', [None, (0, 4, 1), (0, 2), (1, 0), (3,), (4, 4), ()])
@pytest.mark.parametrize('rows', [None, [2, 0], slice(1, 3)])
def test_columns_match_the_stacked_data(key_indices, rows):
    a, b, view = make()
    assert view.keys == ('a', 'b', 'c', 'd', 'e') and len(view) == 4
    expected = numpy.vstack((a.data, b.data))
    if rows is not None:
        expected = expected[:, rows]
    if key_indices is not None:
        expected = expected[list(key_indices)]
    assert columns(view.get_examples(rows, key_indices)) == expected.tolist()


def test_each_dataset_is_asked_only_for_its_own_columns_once():
    a, b, view = make(arrays=True)
    output = view.get_examples([1], (4, 0, 4, 1))
    assert a.requests == [([1], (0, 1))]
    assert b.requests == [([1], (1,))]
    assert all(isinstance(column, numpy.ndarray) for column in output)
    view.get_examples(None, (1,))
    assert len(b.requests) == 1
    view.get_examples(None, None)
    assert a.requests[-1] == b.requests[-1] == (None, None)


@pytest.mark.parametrize('mode_a,mode_b,mode', [
    (tuple, dict, tuple), (dict, tuple, dict), (None, dict, dict), (None, None, tuple)])
def test_mode_is_the_first_datasets_that_has_one(mode_a, mode_b, mode):
    a = Table(n_rows=2, keys=('a',) if mode_a is None else ('a', 'b'), mode=mode_a)
    b = Table(n_rows=2, keys=('x',) if mode_b is None else ('x', 'y'), mode=mode_b)
    view = a.join(b)
    assert view.mode is mode
    example = view[1]
    assert (list(example.values()) if mode is dict else list(example)) == [
        row[1] for row in numpy.vstack((a.data, b.data)).tolist()]


def test_converter_of_the_first_dataset():
    class Converted(Table):
        def convert(self, data):
            return 'converted'

    view = Converted(n_rows=2).join(Table(n_rows=2, keys=('d',)))
    assert view.convert(view.fetch()) == 'converted'


def test_bad_datasets_and_keys():
    with pytest.raises(ValueError, match='TabularDataset.join: all datasets must have the '
                                         'same length; dataset 1 has 5 rows, the first 10'):
        Table().join(Table(n_rows=5, keys=('d', 'e')))
    with pytest.raises(ValueError, match=r"TabularDataset.join: keys must be unique among "
                                         r"all datasets; dataset 2 repeats \['a'\]"):
        Table().join(Table(keys=('d',)), Table(keys=('e', 'a', 'e')))
    with pytest.raises(TypeError, match='TabularDataset.join: dataset 1 must be a '
                                        'TabularDataset, got ndarray'):
        Table().join(numpy.zeros(10))
    a, b, view = make()
    with pytest.raises(IndexError, match='TabularDataset.join: key index 5 is out of '
                                         'bounds for 5 keys'):
        view.get_examples(None, (0, 5))
    assert a.requests == b.requests == []
