"""Fixtures shared by the link tests: a float64 gradient check over a link's inputs and
parameters, a direct N-d convolution reference, and parameter-shape listings."""

import itertools

import numpy
import pytest

from kusari import gradient_check


def _conv_nd(x, W, b=None, stride=1, pad=0, dilate=1, groups=1):
    """Cross-correlation by direct summation over kernel offsets (float64)."""
    nd = x.ndim - 2
    stride, pad, dilate = ((v,) * nd if numpy.isscalar(v) else tuple(v)
                           for v in (stride, pad, dilate))
    x = numpy.pad(x.astype(numpy.float64), [(0, 0), (0, 0)] + [(p, p) for p in pad])
    n, c_in = x.shape[:2]
    c_out, c_per_group = W.shape[:2]
    ksize = W.shape[2:]
    out = [(s - (k - 1) * d - 1) // st + 1
           for s, k, d, st in zip(x.shape[2:], ksize, dilate, stride)]
    y = numpy.zeros((n, c_out) + tuple(out))
    out_per_group = c_out // groups
    for g in range(groups):
        xs = x[:, g * c_per_group:(g + 1) * c_per_group]
        Ws = W[g * out_per_group:(g + 1) * out_per_group].astype(numpy.float64)
        for offset in itertools.product(*[range(k) for k in ksize]):
            window = tuple(slice(o * d, o * d + (size - 1) * st + 1, st)
                           for o, d, size, st in zip(offset, dilate, out, stride))
            patch = xs[(slice(None), slice(None)) + window]
            y[:, g * out_per_group:(g + 1) * out_per_group] += numpy.einsum(
                'nc...,oc->no...', patch, Ws[(slice(None), slice(None)) + offset])
    if b is not None:
        y += b.reshape((1, -1) + (1,) * nd)
    return y


@pytest.fixture
def conv_ref():
    return _conv_nd


@pytest.fixture
def check_link_backward():
    """``check(link, *inputs)``: compare the link's gradients (inputs and parameters)
    with numerical differentiation in float64."""
    def check(link, *inputs, atol=1e-5, rtol=1e-4, no_grads=None):
        y = link(*inputs)
        rng = numpy.random.RandomState(0)
        y_grad = rng.normal(size=y.shape).astype(y.dtype)
        gradient_check.check_backward(link, inputs, y_grad, params=tuple(link.params()),
                                      atol=atol, rtol=rtol, dtype=numpy.float64,
                                      no_grads=no_grads)
    return check


@pytest.fixture
def param_shapes():
    def shapes(link):
        return {name: p.shape for name, p in link.namedparams()}
    return shapes
