import numpy
import pytest

from tests.dataset.tabular.table import columns
from tests.dataset.tabular.table import Table


def returning(out_mode):
    """A transform of (a, b, c) returning out_mode; it works on values and on columns."""
    def transform(a, b, c):
        if out_mode is tuple:
            return a + b, b * 2
        if out_mode is dict:
            return {'beta': b * 2, 'alpha': a + b}
        return a + b
    return transform


def keys_of(out_mode):
    return 'alpha' if out_mode is None else ('alpha', 'beta')


@pytest.mark.parametrize('in_mode', [tuple, dict])
@pytest.mark.parametrize('out_mode', [tuple, dict, None])
@pytest.mark.parametrize('batch', [False, True])
@pytest.mark.parametrize('rows', [None, [3, 1], slice(None, 2), slice(None, None, -3)])
def test_transformed_columns(in_mode, out_mode, batch, rows):
    table = Table(n_rows=6, mode=in_mode, arrays=batch)
    transform = returning(out_mode)
    if in_mode is dict:
        transform = (lambda function: lambda **kw: function(kw['a'], kw['b'], kw['c']))(
            transform)
    make = table.transform_batch if batch else table.transform
    view = make(keys_of(out_mode), transform)
    assert len(view) == 6
    assert view.keys == (('alpha',) if out_mode is None else ('alpha', 'beta'))
    a, b, _ = table.data
    expected = numpy.array([a + b, b * 2])
    if rows is not None:
        expected = expected[:, rows]
    key_indices = (0,) if out_mode is None else (1, 0)
    assert columns(view.get_examples(rows, key_indices)) == expected[list(key_indices)].tolist()
    assert view.mode is out_mode
    assert columns(view.get_examples(rows, None)) == expected[:len(view.keys)].tolist()


def test_examples_without_columns_are_empty_calls():
    view = Table(n_rows=3).slice[:, ()].transform('one', lambda: 1)
    assert view.fetch() == [1, 1, 1]


def test_single_column_input_is_one_argument():
    table = Table(n_rows=3, keys=('a',), mode=None)
    assert table.transform('sq', lambda a: a * a).fetch() == [0, 1, 4]
    assert list(table.transform_batch('neg', lambda a: [-x for x in a]).fetch()) == [0, -1, -2]


def test_transform_is_called_per_example_batch_once_per_request():
    calls = []
    table = Table(n_rows=4, arrays=True)
    view = table.transform(('s',), lambda a, b, c: (calls.append(a), (a,))[1])
    view.get_examples([2, 3], None)
    assert calls == [2, 3]
    batch_calls = []
    view = table.transform_batch('s', lambda a, b, c: (batch_calls.append(list(a)), a)[1])
    view.get_examples(slice(1, 3), None)
    assert batch_calls == [[1, 2]]


def test_mode_is_learned_from_the_first_example_and_converter_kept():
    class Converted(Table):
        def convert(self, data):
            return 'converted'

    calls = []
    view = Converted(n_rows=3).transform(('x', 'y'), lambda a, b, c: calls.append(a) or {
        'x': a, 'y': b})
    assert view.mode is dict and calls == [0]
    assert view[2] == {'x': 2, 'y': 102}
    assert view.convert(view.fetch()) == 'converted'


@pytest.mark.parametrize('batch', [False, True])
def test_changing_return_type_is_refused_and_the_mode_kept(batch):
    results = iter([(1,), 1, (1,)])
    table = Table(n_rows=1)
    if batch:
        view = table.transform_batch('a', lambda a, b, c: (
            lambda r: tuple([r] for r in r) if isinstance(r, tuple) else [r])(next(results)))
    else:
        view = table.transform('a', lambda a, b, c: next(results))
    view.get_examples(None, None)
    name = 'transform_batch' if batch else 'transform'
    with pytest.raises(ValueError, match='TabularDataset.{}: the function must not change '
                                         'its return type'.format(name)):
        view.get_examples(None, None)
    assert view.mode is tuple
    assert columns(view.get_examples(None, None)) == [[1]]


def test_a_failing_transform_leaves_the_mode_unknown():
    outcomes = iter([(1,), ValueError('bad row'), 7])

    def transform(a, b, c):
        outcome = next(outcomes)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    view = Table(n_rows=2).transform('x', transform)
    with pytest.raises(ValueError, match='bad row'):
        view.get_examples(None, None)
    # The tuple of row 0 was not taken as the mode: a single value is still accepted.
    assert view.get_examples([0], None) == ([7],)
    assert view.mode is None


def test_a_mixed_batch_sets_no_mode():
    view = Table(n_rows=2).transform('x', lambda a, b, c: (a,) if a else a)
    with pytest.raises(ValueError, match=r'must not change its return type \(a tuple '
                                         r'after a single value\)'):
        view.get_examples(None, None)
    assert view.get_examples([1], None) == ([1],)  # the failed batch set no mode
    assert view.mode is tuple


@pytest.mark.parametrize('batch', [False, True])
@pytest.mark.parametrize('result,message', [
    ((1,), r"returned 1 value\(s\) for the 2 keys \('x', 'y'\)"),
    (1, r"returned 1 value\(s\) for the 2 keys"),
    ({'x': 1}, r"the dict returned lacks the keys \['y'\]"),
])
def test_too_few_values_for_the_keys(batch, result, message):
    table = Table(n_rows=1)
    if batch:
        view = table.transform_batch(('x', 'y'), lambda a, b, c: result)
    else:
        view = table.transform(('x', 'y'), lambda a, b, c: result)
    name = 'transform_batch' if batch else 'transform'
    with pytest.raises(ValueError, match='TabularDataset.{}: {}'.format(name, message)):
        view.get_examples(None, None)


def test_extra_values_are_ignored():
    view = Table(n_rows=2).transform('x', lambda a, b, c: (a, b, c))
    assert view.fetch() == ([0, 1],)


@pytest.mark.parametrize('result,length', [([1, 2], '2'), (numpy.float64(1), 'no')])
def test_transform_batch_must_keep_the_length(result, length):
    view = Table(n_rows=3).transform_batch('x', lambda a, b, c: result)
    with pytest.raises(ValueError, match="TabularDataset.transform_batch: must not change "
                                         "the length of data; column 'x' has {} rows for 3 "
                                         "requested".format(length)):
        view.get_examples(None, None)


def test_empty_dataset_and_not_callable():
    view = Table(n_rows=0).transform('x', lambda a, b, c: a)
    assert view.get_examples(None, None) == ([],)
    assert view.transform('y', lambda x: x).get_examples(None, None) == ([],)
    with pytest.raises(ValueError, match='TabularDataset.transform: the mode of an empty '
                                         'dataset is unknown'):
        _ = view.mode
    with pytest.raises(TypeError, match='TabularDataset.transform_batch: the transform must '
                                        'be callable, got str'):
        Table().transform_batch('x', 'not a function')
