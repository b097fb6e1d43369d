"""Numerical checks of analytical gradients (Chainer's ``chainer.gradient_check``).

``check_backward`` compares the directional derivative along a random direction,
computed by central differences, with the one given by backprop: two forward
evaluations per check instead of two per input element, so even large inputs are
cheap. ``check_double_backward`` applies the same check to the first-order gradient.
"""

import warnings

import numpy

from kusari import core
from kusari.core import Variable


class NondifferentiableError(Exception):
    """The function is not differentiable at the evaluated point."""


def _as_tuple(x):
    if x is None:
        return None
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _xp(*arrays):
    from kusari import backend
    return backend.get_array_module(*arrays)


def numerical_grad(f, inputs, grad_outputs, eps=1e-3, detect_nondifferentiable=False,
                   diff_atol=0, diff_rtol=1e-2, center_outputs=None):
    """Gradients of ``sum(f() * grad_outputs)`` w.r.t. each array in ``inputs``.

    Each element of each input is perturbed in place by +-eps in turn (central
    differences), so ``f`` must read the arrays of ``inputs``.

    Args:
        f: callable with no arguments returning a tuple of output arrays.
        inputs: tuple of arrays perturbed in place.
        grad_outputs: tuple of output gradients (None entries are ignored).
        eps (float): step size.
        detect_nondifferentiable (bool): raise NondifferentiableError when the
            one-sided differences disagree.
    """
    if eps <= 0:
        raise ValueError('numerical_grad: eps must be positive, got {}'.format(eps))
    inputs = tuple(inputs)
    grad_outputs = tuple(grad_outputs)

    def objective():
        outputs = f()
        outputs = outputs if isinstance(outputs, (tuple, list)) else (outputs,)
        total = 0.0
        for y, gy in zip(outputs, grad_outputs):
            if gy is not None and y is not None:
                y = core.as_array(y)
                total += float((y.astype(numpy.float64) * gy.astype(numpy.float64)).sum())
        return total

    grads = []
    for x in inputs:
        g = numpy.zeros(x.shape, dtype=numpy.float64)
        for index in numpy.ndindex(x.shape):
            orig = x[index].copy()
            x[index] = orig + eps
            plus = objective()
            x[index] = orig - eps
            minus = objective()
            if detect_nondifferentiable:
                x[index] = orig
                center = objective()
                _check_differentiable(minus, center, plus, eps, diff_atol, diff_rtol)
            x[index] = orig
            g[index] = (plus - minus) / (2 * eps)
        grads.append(g.astype(x.dtype, copy=False) if x.dtype.kind == 'f' else g)
    return tuple(grads)


def _check_differentiable(minus, center, plus, eps, atol, rtol):
    left = (center - minus) / eps
    right = (plus - center) / eps
    if not numpy.isclose(left, right, atol=atol + 1e-7, rtol=rtol):
        raise NondifferentiableError(
            'nondifferentiable point: left derivative {}, right derivative {}'.format(left, right))


def check_backward(func, x_data, y_grad, params=(), eps=1e-3, atol=1e-5, rtol=1e-4,
                   no_grads=None, dtype=None, detect_nondifferentiable=False):
    """Check that ``func``'s backward agrees with numerical differentiation.

    Args:
        func: callable taking Variables and returning a Variable or tuple of them.
        x_data: an input array or a tuple of them (None: passed to ``func`` as None).
        y_grad: the output gradient array(s); None when the output is a scalar.
        params: Variables/Parameters used inside ``func`` to check as well.
        eps, atol, rtol: step size and tolerances.
        no_grads: per input, True where no gradient is expected (default: True for
            non-float inputs).
        dtype: dtype for the numerical part (e.g. ``numpy.float64``).
        detect_nondifferentiable: raise NondifferentiableError at kinks.

    Raises:
        AssertionError: when the gradients disagree.
    """
    x_data = _as_tuple(x_data)
    params = _as_tuple(params) or ()
    if no_grads is None:
        no_grads = [x is None or x.dtype.kind != 'f' for x in x_data]
    elif len(no_grads) != len(x_data):
        raise ValueError('check_backward: {} no_grads flags for {} inputs'.format(
            len(no_grads), len(x_data)))
    no_grads = [ng or x is None for x, ng in zip(x_data, no_grads)]
    xs = [None if x is None else Variable(x, requires_grad=not ng)
          for x, ng in zip(x_data, no_grads)]

    # Analytical gradients.
    for p in params:
        p.cleargrad()
    ys = _as_tuple(func(*xs))
    _check_outputs(ys)
    gys = _output_grads(ys, y_grad)
    for x in xs:
        if x is not None:
            x.cleargrad()
    core.backward([y for y, gy in zip(ys, gys) if gy is not None],
                  [gy for gy in gys if gy is not None])
    for i, (x, ng) in enumerate(zip(xs, no_grads)):
        if ng and x is not None and x.grad is not None:
            raise RuntimeError('check_backward: input {} got a gradient although no_grads '
                               'says it has none'.format(i))
    targets = [x for x, ng in zip(xs, no_grads) if not ng] + list(params)
    analytical = [_zeros_if_none(t.grad, t.array) for t in targets]

    # Numerical directional derivative along a random unit direction.
    xp = _xp(*[x for x in x_data if x is not None])
    directions = [xp.asarray(numpy.random.normal(size=t.shape)) for t in targets]
    norm = numpy.sqrt(sum(float((d * d).sum()) for d in directions)) or 1.0
    directions = [d / norm for d in directions]
    originals = [t.array for t in targets]
    casted = [t.array.astype(dtype) if dtype is not None else t.array.copy() for t in targets]
    other_inputs = [None if x is None else x.array if dtype is None or x.array.dtype.kind != 'f'
                    else x.array.astype(dtype) for x in xs]
    gys_cast = [None if gy is None else (gy.astype(dtype) if dtype is not None else gy)
                for gy in gys]
    target_index = {id(t): i for i, t in enumerate(targets)}

    def evaluate(delta):
        for t, base, d in zip(targets, casted, directions):
            t.array = xp.asarray(base.astype(numpy.float64) + delta * d, dtype=base.dtype)
        inputs = []
        for x, other in zip(xs, other_inputs):
            i = target_index.get(id(x))
            inputs.append(None if x is None else Variable(x.array if i is not None else other))
        outs = _as_tuple(func(*inputs))
        total = 0.0
        for y, gy in zip(outs, gys_cast):
            if gy is not None:
                total += float((y.array.astype(numpy.float64) * gy.astype(numpy.float64)).sum())
        return total

    try:
        # As Chainer: inputs cast to ``dtype`` may meet parameters of another dtype, which
        # type checks that want one dtype would refuse.
        with core.using_config('type_check', False):
            plus = evaluate(eps)
            minus = evaluate(-eps)
            if detect_nondifferentiable:
                center = evaluate(0.0)
                _check_differentiable(minus, center, plus, eps, 0, 1e-2)
    finally:
        for t, original in zip(targets, originals):
            t.array = original
    numerical = (plus - minus) / (2 * eps)
    analytic = sum(float((g.astype(numpy.float64) * d).sum())
                   for g, d in zip(analytical, directions))
    if not numpy.isclose(numerical, analytic, atol=atol, rtol=rtol):
        raise AssertionError(
            'check_backward failed: the directional derivative from backward is {!r}, the '
            'numerical one is {!r} (atol={}, rtol={}).\ninputs: {}\nanalytical grads: {}'
            .format(analytic, numerical, atol, rtol,
                    [(x.shape, x.dtype) for x in x_data],
                    [None if g is None else g.shape for g in analytical]))


def _check_outputs(ys):
    for y in ys:
        if not isinstance(y, Variable):
            raise TypeError('the function under check must return Variables, not {}'.format(
                type(y).__name__))


def _output_grads(ys, y_grad):
    if y_grad is None:
        for y in ys:
            if y.size != 1:
                raise ValueError('check_backward: y_grad is None but the output has shape {}'
                                 .format(y.shape))
        return [y.xp.ones_like(y.array) for y in ys]
    gys = _as_tuple(y_grad)
    if len(gys) != len(ys):
        raise ValueError('check_backward: {} outputs but {} y_grad arrays'.format(
            len(ys), len(gys)))
    for y, gy in zip(ys, gys):
        if gy is not None and gy.shape != y.shape:
            raise ValueError('check_backward: y_grad of shape {} for an output of shape {}'
                             .format(gy.shape, y.shape))
    return list(gys)


def _zeros_if_none(g, like):
    return _xp(like).zeros_like(like) if g is None else g


def check_double_backward(func, x_data, y_grad, x_grad_grad, params=(), params_grad_grad=(),
                          eps=1e-3, atol=1e-4, rtol=1e-3, no_grads=None, dtype=None,
                          detect_nondifferentiable=False):
    """Check the second-order gradient of ``func`` numerically.

    The first-order gradient (as a function of the inputs and the output gradients)
    is itself checked with ``check_backward``, using ``x_grad_grad`` and
    ``params_grad_grad`` as its output gradients.
    """
    x_data = _as_tuple(x_data)
    params = _as_tuple(params) or ()
    n_x = len(x_data)
    if no_grads is None:
        no_grads = [x.dtype.kind != 'f' for x in x_data]
    y_grad = _as_tuple(y_grad)
    first_order_no_grads = list(no_grads) + [gy is None for gy in y_grad or ()]

    def first_order_grad(*inputs):
        xs = inputs[:n_x]
        gys = inputs[n_x:] if y_grad is not None else None
        ys = _as_tuple(func(*xs))
        if gys is None:
            gys = [None] * len(ys)
        wanted = [x for x, ng in zip(xs, no_grads) if not ng] + list(params)
        grads = core.grad(ys, wanted, gys, enable_double_backprop=True)
        return tuple(g if g is not None else Variable(_xp(w.array).zeros_like(w.array))
                     for g, w in zip(grads, wanted))

    x_grad_grad = _as_tuple(x_grad_grad)
    params_grad_grad = _as_tuple(params_grad_grad) or ()
    inputs = x_data + (y_grad or ())
    check_backward(first_order_grad, inputs, x_grad_grad + params_grad_grad, params=params,
                   eps=eps, atol=atol, rtol=rtol, no_grads=first_order_no_grads, dtype=dtype,
                   detect_nondifferentiable=detect_nondifferentiable)


def assert_allclose(x, y, atol=1e-5, rtol=1e-4, verbose=True):
    """Deprecated: :func:`kusari.testing.assert_allclose` (CPU or GPU arrays)."""
    warnings.warn('chainer.gradient_check.assert_allclose is deprecated. Use '
                  'chainer.testing.assert_allclose instead.', DeprecationWarning, stacklevel=2)
    from kusari import testing
    testing.assert_allclose(x, y, atol, rtol, verbose)
