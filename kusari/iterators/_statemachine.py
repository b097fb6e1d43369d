"""Chainer's ``chainer.iterators._statemachine``: an iterator's position as an
``IteratorState`` and the step to the next batch, which kusari's iterators share
(``kusari.iterators._state``)."""

from kusari.iterators._state import IteratorState  # NOQA
from kusari.iterators._state import advance as iterator_statemachine  # NOQA
