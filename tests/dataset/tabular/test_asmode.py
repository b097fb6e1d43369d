import pytest

from kusari.dataset import TabularDataset
from tests.dataset.tabular.table import Table


class Converted(Table):
    def convert(self, data):
        return 'converted'


@pytest.mark.parametrize('mode', [tuple, dict, None])
def test_astuple_and_asdict(mode):
    table = Converted(n_rows=3, keys=('a',) if mode is None else ('a', 'b'), mode=mode)
    for view, view_mode in ((table.astuple(), tuple), (table.asdict(), dict)):
        assert isinstance(view, TabularDataset)
        assert len(view) == 3 and view.keys == table.keys and view.mode is view_mode
        assert view.get_examples([1], None) == table.get_examples([1], None)
        assert view.convert(view.fetch()) == 'converted'
    assert table.astuple()[1] == tuple(table.data[:, 1].tolist())
    assert table.asdict()[1] == dict(zip(table.keys, table.data[:, 1].tolist()))
    assert table.asdict().astuple().mode is tuple
