"""Dataset iterators: serial, multithreaded and multiprocess, and order samplers."""

from kusari.iterators.dali_iterator import DaliIterator  # NOQA
from kusari.iterators.multiprocess_iterator import MultiprocessIterator  # NOQA
from kusari.iterators.multithread_iterator import MultithreadIterator  # NOQA
from kusari.iterators.order_samplers import OrderSampler  # NOQA
from kusari.iterators.order_samplers import ShuffleOrderSampler  # NOQA
from kusari.iterators.serial_iterator import SerialIterator  # NOQA
