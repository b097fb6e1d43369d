import numpy
import pytest

from kusari.dataset import tabular
from tests.dataset.tabular.table import Table


@pytest.mark.parametrize('mode', [tuple, dict, None])
def test_delegates_rows_keys_and_mode(mode):
    inner = Table(keys=('a',) if mode is None else ('a', 'b', 'c'), mode=mode)
    dataset = tabular.DelegateDataset(inner)
    assert dataset.dataset is inner
    assert len(dataset) == len(inner) and dataset.keys == inner.keys
    assert dataset.mode is mode
    assert dataset[3] == inner[3]


def test_a_subclass_built_from_data():
    class Squares(tabular.DelegateDataset):
        def __init__(self):
            super().__init__(tabular.from_data((('x', numpy.arange(4)),
                                                ('y', self.square))).with_converter(
                lambda x, y: 'the inner converter'))

        def square(self, i):
            return i * i

    dataset = Squares()
    assert dataset.keys == ('x', 'y') and dataset[3] == (3, 9)
    # The default converter (columns to arrays), not the underlying dataset's.
    x, y = dataset.convert(dataset.fetch())
    assert isinstance(y, numpy.ndarray) and y.tolist() == [0, 1, 4, 9]
