"""Tabular datasets: rows with named columns, and views that slice, combine and transform them."""

from kusari.dataset.tabular import _asmode  # NOQA
from kusari.dataset.tabular import _concat  # NOQA
from kusari.dataset.tabular import _join  # NOQA
from kusari.dataset.tabular import _slice  # NOQA
from kusari.dataset.tabular import _transform  # NOQA
from kusari.dataset.tabular import _with_converter  # NOQA
from kusari.dataset.tabular.delegate_dataset import DelegateDataset  # NOQA
from kusari.dataset.tabular.from_data import from_data  # NOQA
from kusari.dataset.tabular.tabular_dataset import TabularDataset  # NOQA
