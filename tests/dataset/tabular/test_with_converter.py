import pytest

from tests.dataset.tabular.table import Table


@pytest.mark.parametrize('mode', [tuple, dict, None])
def test_converter_gets_the_fetched_columns(mode):
    table = Table(n_rows=2, keys=('a',) if mode is None else ('a', 'b'), mode=mode)
    calls = []

    def converter(*args, **kwargs):
        calls.append((args, kwargs))
        return 'converted'

    view = table.with_converter(converter)
    assert len(view) == 2 and view.keys == table.keys and view.mode is mode
    assert view.get_examples(None, None) == table.get_examples(None, None)
    assert view.convert(view.fetch()) == 'converted'
    if mode is dict:
        assert calls == [((), {'a': [0, 1], 'b': [100, 101]})]
    elif mode is tuple:
        assert calls == [(([0, 1], [100, 101]), {})]
    else:
        assert calls == [(([0, 1],), {})]
    # Views of the view keep its converter.
    assert view.slice[:1].convert(None) == 'converted'


def test_converter_must_be_callable():
    with pytest.raises(TypeError, match='TabularDataset.with_converter: converter must be '
                                        'callable, got int'):
        Table().with_converter(3)
