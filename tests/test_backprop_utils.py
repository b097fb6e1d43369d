"""Chainer's one-step backprop on gradient lists (kusari/_backprop_utils.py)."""

import numpy

import kusari
from kusari import Variable, _backprop_utils


class Double(kusari.FunctionNode):
    def forward(self, inputs):
        return inputs[0] * 2, inputs[0] * 3

    def backward(self, target_input_indexes, grad_outputs):
        return grad_outputs[0] * 2, None


class DoubleAccumulating(Double):
    def backward_accumulate(self, target_input_indexes, grad_outputs, grad_inputs):
        self.given = grad_inputs
        gx = grad_outputs[0] * 2
        return tuple(gx if i == 0 and g is None else gx + g if i == 0 else g
                     for i, g in zip(target_input_indexes, grad_inputs))


def _step(func):
    x1 = Variable(numpy.array([1.0, 2.0], numpy.float32))
    x2 = Variable(numpy.array([5.0, 6.0], numpy.float32))
    func.apply((x1, x2))
    lists = [[Variable(numpy.full(2, 10.0, numpy.float32))],
             [Variable(numpy.ones(2, numpy.float32))]]
    grad_inputs = dict(zip(func.inputs, lists))
    gy = Variable(numpy.ones(2, numpy.float32))
    _backprop_utils.backprop_step(func, (0, 1), (gy, None), grad_inputs, True)
    return lists


def test_backprop_step_adds_backward_results_to_the_lists():
    lists = _step(Double())
    assert [len(grads) for grads in lists] == [1, 1]  # summed eagerly
    numpy.testing.assert_array_equal(lists[0][0].array, [12.0, 12.0])
    numpy.testing.assert_array_equal(lists[1][0].array, [1.0, 1.0])


def test_backprop_step_hands_the_gradients_so_far_to_backward_accumulate():
    func = DoubleAccumulating()
    lists = _step(func)
    numpy.testing.assert_array_equal(func.given[0].array, [10.0, 10.0])
    numpy.testing.assert_array_equal(lists[0][0].array, [12.0, 12.0])
    numpy.testing.assert_array_equal(lists[1][0].array, [1.0, 1.0])


def test_reduce_sums_in_place():
    grads = [Variable(numpy.ones(2)), Variable(numpy.ones(2) * 2)]
    total = _backprop_utils._reduce(grads)
    assert len(grads) == 1 and grads[0] is total
    numpy.testing.assert_array_equal(total.array, [3.0, 3.0])
    assert _backprop_utils._reduce([]) is None
