"""Iterators for multi-process jobs."""

from kusari.distributed.iterators.multi_node_iterator import create_multi_node_iterator  # NOQA
from kusari.distributed.iterators.synchronized_iterator import (  # NOQA
    create_synchronized_iterator)
