"""Dataset utilities for multi-process training."""

from kusari.distributed.datasets.empty_dataset import create_empty_dataset  # NOQA
from kusari.distributed.datasets.scatter import DataSizeError  # NOQA
from kusari.distributed.datasets.scatter import scatter_dataset  # NOQA
from kusari.distributed.datasets.scatter import scatter_index  # NOQA
