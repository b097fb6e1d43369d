"""Chainer's ``chainer._backprop``: ``backward``, backprop from several outputs at once, and
``grad`` (``chainer.grad``): the checked entry points to the core's one backprop
scheduler."""

from __future__ import annotations

import typing
import warnings

from kusari.configuration import using_config
from kusari.core import _backprop, _check_variables, _initial_grads, Variable


def backward(outputs: typing.Sequence[Variable],
             grad_outputs: typing.Sequence[Variable | None] | None = None,
             **kwargs: typing.Any) -> None:
    """Run backprop from several outputs at once.

    Args:
        outputs (tuple or list of Variables): where backprop starts.
        grad_outputs (tuple or list): their initial gradients (Variables or arrays);
            None: each output's ``grad_var``, taken from it (no default of ones: an
            output without one is skipped with a RuntimeWarning).
        enable_double_backprop (bool), retain_grad (bool), loss_scale: as in
            ``Variable.backward``.
    """
    enable_double_backprop = kwargs.pop('enable_double_backprop', False)
    retain_grad = kwargs.pop('retain_grad', False)
    loss_scale = kwargs.pop('loss_scale', None)
    if kwargs:
        raise TypeError('backward() got unexpected arguments: {}'.format(', '.join(kwargs)))
    _check_sequence(outputs, 'backward', 'outputs')
    if grad_outputs is None:
        grad_outputs = []
        for y in _check_variables(outputs, 'backward', 'outputs'):
            if y._grad_var is None:
                warnings.warn('outputs contains a Variable without grad, or duplicate '
                              'outputs. Note that chainer.backward does not set default '
                              'grad.', RuntimeWarning, stacklevel=2)
            grad_outputs.append(y._grad_var)
            y._grad_var = None
        outputs = [y for y, gy in zip(outputs, grad_outputs) if gy is not None]
        grad_outputs = [gy for gy in grad_outputs if gy is not None]
    _check_sequence(grad_outputs, 'backward', 'grad_outputs', len(outputs), 'outputs')
    grads = _initial_grads(outputs, grad_outputs, 'backward', loss_scale)
    with using_config('enable_backprop', enable_double_backprop):
        _backprop(grads, None, retain_grad, loss_scale)


def _check_sequence(values, caller, what, length=None, of=None):
    if not isinstance(values, (tuple, list)):
        raise TypeError('{}: {} must be a tuple or a list, not {}'.format(
            caller, what, type(values).__name__))
    if length is not None and len(values) != length:
        raise ValueError('{}: {} must be as long as {} ({}), not {}'.format(
            caller, what, of, length, len(values)))


def grad(outputs: typing.Sequence[Variable], inputs: typing.Sequence[Variable],
         grad_outputs: typing.Sequence[Variable | None] | None = None,
         grad_inputs: typing.Sequence[Variable | None] | None = None, set_grad: bool = False,
         retain_grad: bool = False, enable_double_backprop: bool = False,
         loss_scale: float | None = None) -> list[Variable | None]:
    """Gradients of ``outputs`` with respect to ``inputs``, returned as Variables.

    Unlike ``backward``, it leaves the ``grad`` of every variable untouched unless
    ``set_grad`` is True.
    """
    _check_sequence(outputs, 'grad', 'outputs')
    for y in _check_variables(outputs, 'grad', 'outputs'):
        refuse = getattr(y.creator_node, 'refuse_differentiation', None)  # old-style grads
        if refuse is not None:
            refuse()
    _check_sequence(inputs, 'grad', 'inputs')
    _check_variables(inputs, 'grad', 'inputs')
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)  # ones, whatever the shape
    _check_sequence(grad_outputs, 'grad', 'grad_outputs', len(outputs), 'outputs')
    grads = _initial_grads(outputs, grad_outputs, 'grad', loss_scale)
    input_nodes = [x.node for x in inputs]
    if grad_inputs is not None:
        _check_sequence(grad_inputs, 'grad', 'grad_inputs', len(inputs), 'inputs')
        for node, gx in zip(input_nodes, grad_inputs):
            if gx is not None:
                gx = gx if isinstance(gx, Variable) else Variable._new(gx, True)
                grads[node] = gx if node not in grads else grads[node] + gx
    with using_config('enable_backprop', enable_double_backprop):
        captured = _backprop(grads, set(input_nodes), retain_grad, loss_scale)
    result = [captured.get(node) for node in input_nodes]
    if set_grad:
        for x, gx in zip(inputs, result):
            x._grad_var = gx
    return result
