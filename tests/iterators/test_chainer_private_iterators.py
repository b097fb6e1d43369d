"""iterators._statemachine (the iterators' shared epoch bookkeeping) and dali_iterator."""

import numpy
import pytest

from kusari import iterators
from kusari.dataset import iterator
from kusari.iterators import _statemachine, dali_iterator


def test_iterator_statemachine_steps_through_epochs():
    state = _statemachine.IteratorState(0, 0, False, None)
    state, indices = _statemachine.iterator_statemachine(state, 4, True, None, 6)
    numpy.testing.assert_array_equal(indices, [0, 1, 2, 3])
    assert state == (4, 0, False, None)
    state, indices = _statemachine.iterator_statemachine(state, 4, True, None, 6)
    numpy.testing.assert_array_equal(indices, [4, 5, 0, 1])  # wraps into epoch 1
    assert state.epoch == 1 and state.is_new_epoch and state.current_position == 2


def test_iterator_statemachine_without_repeat_ends():
    def reverse(order, position):
        return order[::-1]

    state = _statemachine.IteratorState(0, 0, False, numpy.array([2, 0, 1]))
    state, indices = _statemachine.iterator_statemachine(state, 2, False, reverse, 3)
    numpy.testing.assert_array_equal(indices, [2, 0])
    state, indices = _statemachine.iterator_statemachine(state, 2, False, reverse, 3)
    numpy.testing.assert_array_equal(indices, [1])  # a short last batch
    numpy.testing.assert_array_equal(state.order, [1, 0, 2])  # the sampler's next order
    assert state.epoch == 1
    assert _statemachine.iterator_statemachine(state, 2, False, reverse, 3) == (state, None)


def test_dali_iterator_exists_and_says_it_is_unsupported():
    assert iterators.DaliIterator is dali_iterator.DaliIterator
    assert issubclass(dali_iterator.DaliIterator, iterator.Iterator)
    with pytest.raises(NotImplementedError, match='no NVIDIA DALI integration.*'
                                                  'MultiprocessIterator'):
        dali_iterator.DaliIterator(object())
