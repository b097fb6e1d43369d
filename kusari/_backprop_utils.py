"""Chainer's ``chainer._backprop_utils``: one backprop step on lists of gradients.

kusari's own backprop (``kusari.core``) keeps one summed gradient per node; Chainer's
programs call this step with ``grad_inputs`` mapping each input node to a list of
gradients not summed yet.
"""

import functools
import operator

from kusari import _checks


def _reduce(grad_list):
    """Sum ``grad_list`` in place into one element and return it (None when empty)."""
    if not grad_list:
        return None
    if len(grad_list) >= 2:
        grad_list[:] = [functools.reduce(operator.add, grad_list)]
    return grad_list[0]


def backprop_step(func, target_input_indexes, grad_outputs, grad_inputs, is_debug):
    """Run ``func``'s backward and add its input gradients to ``grad_inputs``.

    Args:
        func (FunctionNode): the function to differentiate.
        target_input_indexes (tuple of int): the inputs that need gradients (sorted).
        grad_outputs (tuple): gradients of the outputs (None where there is none).
        grad_inputs (dict): each input node -> list of its gradients so far; updated.
        is_debug (bool): also check the arguments and the gradients' shapes.
    """
    if is_debug and not (isinstance(target_input_indexes, tuple)
                         and isinstance(grad_outputs, tuple)):
        raise TypeError('backprop_step: target_input_indexes and grad_outputs must be tuples')
    inputs = func.inputs
    if func._accumulates:
        # backward_accumulate adds the gradients so far itself; an input repeated among
        # the targets gets them at its first position only
        given = []
        for index in target_input_indexes:
            grads = grad_inputs[inputs[index]]
            given.append(grads.pop() if grads else None)
        gxs = func.backward_accumulate(target_input_indexes, grad_outputs, tuple(given))
    else:
        gxs = func.backward(target_input_indexes, grad_outputs)
        if len(gxs) != len(target_input_indexes):
            gxs = _checks.select_target_grads(func, gxs, target_input_indexes)
    for index, gx in zip(target_input_indexes, gxs):
        if gx is None or gx.raw_array is None:
            continue
        if is_debug and gx.shape != inputs[index].shape:
            _checks.check_grad(func, index, inputs[index], gx.raw_array)
        grad_inputs[inputs[index]].append(gx)
    for grads in grad_inputs.values():  # summed eagerly: kusari has no lazy_grad_sum
        _reduce(grads)
