"""Delegate variables: empty outputs that only carry a place in the graph."""

import numpy

from kusari import core


def empty(xp=numpy):
    """The empty float32 array that delegate variables hold (Chainer's shape (0,))."""
    return xp.empty((0,), dtype=numpy.float32)


def dummy_input(xp=numpy):
    """An empty input that requires a gradient, so that a communication function with
    no real input is still recorded in the graph and its backward runs."""
    return core.Variable(empty(xp), name='dummy_var')


def as_delegate(variable):
    """Name a delegate output and give it an empty gradient, so that
    ``delegate.backward()`` starts the backward pass as it does in Chainer (kusari's
    backward otherwise asks for an initial gradient on non-scalar variables)."""
    variable.name = 'delegate_variable'
    variable.grad = empty(variable.xp)
    return variable


def zeros_for_none(grads, shapes, dtypes, xp):
    """The output gradients with None (unused outputs) replaced by zeros."""
    return tuple(xp.zeros(shape, dtype) if g is None else g
                 for g, shape, dtype in zip(grads, shapes, dtypes))
