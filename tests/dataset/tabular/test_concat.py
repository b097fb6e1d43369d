import itertools

import numpy
import pytest

from tests.dataset.tabular.table import columns
from tests.dataset.tabular.table import Table


def make(arrays=False, sizes=(10, 5)):
    parts = [Table(n_rows=n, arrays=arrays, offset=1000 * k) for k, n in enumerate(sizes)]
    return parts, parts[0].concat(*parts[1:])


def reference(parts):
    return numpy.hstack([part.data for part in parts])


ROWS = [None, [3, 1, 4, 12, 14, 13, 7, 5], [1, 2, 1], [-1, 0], [], slice(None),
        slice(13, 6, -2), slice(9, None, -2), slice(14, None, -2), slice(None, None, -1),
        slice(2, 13, 3), slice(-3, None), slice(10, 10), slice(None, None, 4)]


@pytest.mark.parametrize('rows', ROWS)
@pytest.mark.parametrize('sizes', [(10, 5), (10, 0, 5), (3, 4, 8), (15,)])
def test_rows_match_the_stacked_data(rows, sizes):
    parts, view = make(sizes=sizes)
    assert len(view) == 15 and view.keys == ('a', 'b', 'c') and view.mode is tuple
    expected = reference(parts)
    if rows is not None:
        expected = expected[:, rows]
    assert columns(view.get_examples(rows, None)) == expected.tolist()
    assert columns(view.get_examples(rows, (2, 0))) == expected[[2, 0]].tolist()


def test_every_slice_over_datasets_of_several_lengths():
    parts, view = make(sizes=(3, 0, 4, 5))
    expected = reference(parts)[0].tolist()
    bounds = [None] + list(range(-14, 15))
    for start, stop, step in itertools.product(bounds, bounds, [1, 2, 3, -1, -2, -3]):
        rows = slice(start, stop, step)
        assert columns(view.get_examples(rows, (0,))) == [expected[rows]], rows


def test_each_dataset_is_asked_only_for_its_own_rows():
    (a, b), view = make()
    view.get_examples([3, 1, 4, 12, 14, 13, 7, 5], None)
    assert a.requests == [([3, 1, 4, 7, 5], None)]
    assert b.requests == [([2, 4, 3], None)]
    a.requests.clear(), b.requests.clear()
    view.get_examples(slice(13, 6, -2), (1,))
    assert a.requests == [(slice(9, 6, -2), (1,))]
    assert b.requests == [(slice(3, None, -2), (1,))]
    a.requests.clear(), b.requests.clear()
    view.get_examples(slice(14, None, -2), None)  # starts past the first dataset's end
    assert a.requests == [(slice(8, None, -2), None)]
    view.get_examples([2], None)
    view.get_examples(slice(0, 3), None)
    assert b.requests == [(slice(4, None, -2), None)]


def test_one_dataset_answers_as_it_is_several_as_lists():
    _, view = make(arrays=True)
    assert all(isinstance(c, numpy.ndarray) for c in view.get_examples([1, 2], None))
    assert all(isinstance(c, numpy.ndarray) for c in view.get_examples(slice(11, 14), None))
    assert all(isinstance(c, list) for c in view.get_examples([1, 12], None))
    assert all(isinstance(c, list) for c in view.get_examples(None, None))
    assert view.get_examples([], None) == ([], [], [])


def test_examples_mode_and_converter_of_the_first_dataset():
    class Converted(Table):
        def convert(self, data):
            return 'converted'

    first = Converted(n_rows=2, mode=dict)
    view = first.concat(Table(n_rows=1, offset=1000))
    assert view.mode is dict
    assert view[2] == {'a': 1000, 'b': 1100, 'c': 1200}
    assert view[-3] == {'a': 0, 'b': 100, 'c': 200}
    assert view.convert(view.fetch()) == 'converted'


def test_bad_datasets_and_rows():
    with pytest.raises(ValueError, match=r"TabularDataset.concat: all datasets must have "
                                         r"the same keys; dataset 1 has \('a', 'b'\), the "
                                         r"first \('a', 'b', 'c'\)"):
        Table().concat(Table(keys=('a', 'b')))
    with pytest.raises(ValueError, match='same keys'):
        Table().concat(Table(keys=('b', 'a', 'c')))
    with pytest.raises(TypeError, match='TabularDataset.concat: dataset 2 must be a '
                                        'TabularDataset, got list'):
        Table().concat(Table(), [1, 2])
    (a, b), view = make()
    with pytest.raises(IndexError, match='TabularDataset.concat: index 15 is out of bounds '
                                         'for a dataset of 15 rows'):
        view.get_examples([1, 15], None)
    assert a.requests == b.requests == []
