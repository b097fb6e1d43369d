"""Dataset abstraction: DatasetMixin, TabularDataset, Iterator, converters and downloads."""

from kusari.dataset import convert  # NOQA
from kusari.dataset import download  # NOQA
from kusari.dataset import iterator  # NOQA
from kusari.dataset.convert import ConcatWithAsyncTransfer  # NOQA
from kusari.dataset.convert import concat_examples  # NOQA
from kusari.dataset.convert import Converter  # NOQA
from kusari.dataset.convert import converter  # NOQA
from kusari.dataset.convert import to_device  # NOQA
from kusari.dataset.dataset_mixin import DatasetMixin  # NOQA
from kusari.dataset.download import cache_or_load_file  # NOQA
from kusari.dataset.download import cached_download  # NOQA
from kusari.dataset.download import get_dataset_directory  # NOQA
from kusari.dataset.download import get_dataset_root  # NOQA
from kusari.dataset.download import set_dataset_root  # NOQA
from kusari.dataset.iterator import Iterator  # NOQA
from kusari.dataset.tabular.tabular_dataset import TabularDataset  # NOQA
