"""Numerical checks of analytical gradients (Chainer's ``chainer.gradient_check``).

``check_backward`` compares the directional derivative along a random direction,
computed by central differences, with the one given by backprop: two forward
evaluations per check instead of two per input element, so even large inputs are
cheap. ``check_double_backward`` applies the same check to the first-order gradient.
"""

import warnings

import numpy

from kusari import _backprop, core
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

    Each element of each input is perturbed in place in turn, so ``f`` must read the
    arrays of ``inputs``. Central differences at +-eps give the gradient to the first
    order of eps; with ``detect_nondifferentiable``, f is also evaluated at +-eps/2 and
    the gradient is accurate to the third order.

    Args:
        f: callable with no arguments returning a tuple of output arrays.
        inputs: tuple of float arrays perturbed in place.
        grad_outputs: tuple of output gradients (arrays or scalars; None: ignored).
        eps (float): step size (positive).
        detect_nondifferentiable (bool): raise NondifferentiableError where an output
            changes finiteness between the five samples, or departs from a quadratic
            fit by more than ``diff_atol + diff_rtol * (max - min)`` of its samples.
        center_outputs: ignored (Chainer computes the center itself as well).
    """
    if not eps > 0:
        raise AssertionError('numerical_grad: eps must be positive, got {}'.format(eps))
    inputs = tuple(inputs)
    for x in inputs:
        if x.dtype.kind != 'f':
            raise RuntimeError('numerical_grad: the inputs must be float arrays, not {}'
                               .format(x.dtype))
    grad_outputs = tuple(None if gy is None else _xp(gy).asarray(gy, dtype=numpy.float64)
                         for gy in grad_outputs)
    offsets = (-1.0, -0.5, 0.0, 0.5, 1.0) if detect_nondifferentiable else (-1.0, 1.0)
    # Weights of the samples in the derivative: central differences, or the fourth-
    # order-accurate five-point stencil (the center sample does not enter).
    weights = (1 / 6, -4 / 3, 0.0, 4 / 3, -1 / 6) if detect_nondifferentiable else (-0.5, 0.5)

    def sample(x, index, offset):
        original = x[index].copy()
        x[index] = original + offset * eps
        try:
            # copies: an output may be (a view of) the input restored below
            return [None if y is None else _xp(y).array(core.as_array(y), numpy.float64)
                    for y in _as_tuple(f())]
        finally:
            x[index] = original

    grads = []
    with core.using_config('type_check', False):
        for x in inputs:
            gx = _xp(x).zeros(x.shape, numpy.float64)
            for index in numpy.ndindex(x.shape):
                samples = [sample(x, index, offset) for offset in offsets]
                if detect_nondifferentiable:
                    _check_differentiable(samples, diff_atol, diff_rtol, index)
                for i, gy in enumerate(grad_outputs):
                    if gy is None or samples[0][i] is None:
                        continue
                    change = sum(w * ys[i] for w, ys in zip(weights, samples) if w)
                    gx[index] += float((change * gy).sum()) / eps
            grads.append(gx.astype(x.dtype, copy=False))
    return tuple(grads)


def _check_differentiable(samples, atol, rtol, index):
    """Raise NondifferentiableError unless each output, sampled at five equally spaced
    points, keeps its finiteness and lies close to a quadratic through them."""
    for i in range(len(samples[0])):
        ys = [s[i] for s in samples]
        if ys[0] is None or ys[0].size == 0:
            continue
        ys = numpy.stack([_to_numpy(y).ravel() for y in ys])  # (5, size)
        finite = numpy.isfinite(ys)
        if (finite != finite[:1]).any():
            raise NondifferentiableError(
                'nondifferentiable point: output {} changes between finite and not finite '
                'around input index {}:\n{}'.format(i, index, ys))
        if not finite.all():
            continue  # consistently non-finite (e.g. log where x < 0): not a kink
        _, (residuals, _, _, _) = numpy.polynomial.polynomial.polyfit(
            numpy.arange(5), ys, deg=2, full=True)
        error = numpy.sqrt(residuals / 5)
        spread = ys.max(axis=0) - ys.min(axis=0)
        if ((error > atol + rtol * spread) & (spread > 0)).any():  # a constant is smooth
            raise NondifferentiableError(
                'nondifferentiable point: output {} departs from a quadratic fit around '
                'input index {} by {} (tolerance {} + {} * spread):\n{}'.format(
                    i, index, error.max(), atol, rtol, ys))


def _to_numpy(array):
    return array.get() if hasattr(array, 'get') else array


def _sample_unit_vector(size, xp):
    """A random direction of unit norm whose elements are all at least 0.1/sqrt(size)
    in magnitude (tiny elements make the comparison unstable)."""
    directions = xp.random.normal(size=(size,))
    if size == 0:
        return directions
    squares = xp.square(directions)
    # Mix the squared unit vector with the uniform one (0.99 : 0.01), keeping the signs.
    return xp.copysign(xp.sqrt(0.99 * squares / squares.sum() + 0.01 / size), directions)


class _CheckBackward:
    """Chainer's name for the machinery of check_backward, of which its tests use the
    direction sampler."""

    _sample_unit_vector = staticmethod(_sample_unit_vector)


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
    # As in Chainer, float inputs require a gradient whatever no_grads says: a gradient
    # that reaches an input flagged in no_grads is an error.
    xs = [None if x is None else Variable(x, requires_grad=x.dtype.kind == 'f')
          for x in x_data]

    # Analytical gradients.
    for p in params:
        p.cleargrad()
    ys = _as_tuple(func(*xs))
    _check_outputs(ys)
    gys = _output_grads(ys, y_grad)
    for x in xs:
        if x is not None:
            x.cleargrad()
    _backprop.backward([y for y, gy in zip(ys, gys) if gy is not None],
                  [gy for gy in gys if gy is not None])
    for i, (x, ng) in enumerate(zip(xs, no_grads)):
        if ng and x is not None and x.grad is not None:
            raise RuntimeError('check_backward: input {} got a gradient although no_grads '
                               'says it has none'.format(i))
    targets = [x for x, ng in zip(xs, no_grads) if not ng] + list(params)
    analytical = [_zeros_if_none(t.grad, t.array) for t in targets]

    # Numerical directional derivative along a random unit direction.
    xp = _xp(*[x for x in x_data if x is not None])
    sizes = [t.size for t in targets]
    flat = _sample_unit_vector(sum(sizes), xp)
    offsets = numpy.cumsum([0] + sizes)
    directions = [flat[start:stop].reshape(t.shape)
                  for start, stop, t in zip(offsets[:-1], offsets[1:], targets)]
    originals = [t.array for t in targets]
    casted = [t.array.astype(dtype) if dtype is not None else t.array.copy() for t in targets]
    other_inputs = [None if x is None else x.array if dtype is None or x.array.dtype.kind != 'f'
                    else x.array.astype(dtype) for x in xs]
    gys_cast = [None if gy is None else (gy.astype(dtype) if dtype is not None else gy)
                for gy in gys]
    target_index = {id(t): i for i, t in enumerate(targets)}
    delta = numpy.zeros(1)  # the step along the direction, which numerical_grad varies

    def evaluate():
        for t, base, d in zip(targets, casted, directions):
            t.array = xp.asarray(base.astype(numpy.float64) + delta[0] * d, dtype=base.dtype)
        inputs = []
        for x, other in zip(xs, other_inputs):
            i = target_index.get(id(x))
            inputs.append(None if x is None else Variable(x.array if i is not None else other))
        return tuple(None if y is None else y.array for y in _as_tuple(func(*inputs)))

    try:
        # (numerical_grad turns type checks off: inputs cast to ``dtype`` may meet
        # parameters of another dtype, as in Chainer)
        (numerical,), = numerical_grad(evaluate, (delta,), gys_cast, eps,
                                       detect_nondifferentiable)
    finally:
        for t, original in zip(targets, originals):
            t.array = original
    analytic = sum(float((g.astype(numpy.float64) * d).sum())
                   for g, d in zip(analytical, directions))
    if not numpy.isclose(numerical, analytic, atol=atol, rtol=rtol):
        raise AssertionError(
            'check_backward failed: the directional derivative from backward is {!r}, the '
            'numerical one is {!r} (atol={}, rtol={}).\ninputs: {}\nanalytical grads: {}'
            .format(analytic, numerical, atol, rtol,
                    [None if x is None else (x.shape, x.dtype) for x in x_data],
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
        grads = _backprop.grad(ys, wanted, gys, enable_double_backprop=True)
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
