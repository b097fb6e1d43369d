import numpy
import pytest

import kusari
import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType

rng = numpy.random.default_rng(33)


@pytest.mark.parametrize('shape, groups', [((2, 6, 3, 2), 3), ((3, 4), 2), ((2, 4, 5), 1),
                                           ((2, 4, 2), 4)])
def test_group_normalization(shape, groups):
    def reference(x, gamma, beta):
        n, c = shape[:2]
        work = x.astype(numpy.float64).reshape(n, groups, -1)
        y = (work - work.mean(2, keepdims=True)) / numpy.sqrt(work.var(2, keepdims=True) + 1e-5)
        expand = (1, c) + (1,) * (len(shape) - 2)
        return (y.reshape(shape) * gamma.reshape(expand) + beta.reshape(expand)).astype(x.dtype)

    check_function(lambda x, g, b: F.group_normalization(x, groups, g, b),
                   (rng.uniform(-1, 1, shape), rng.uniform(0.5, 1.5, shape[1]),
                    rng.uniform(-1, 1, shape[1])), reference,
                   forward_options={numpy.float16: {'atol': 2e-2, 'rtol': 2e-2}},
                   backward_options={numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}},
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})


@pytest.mark.parametrize('groups, gamma, match', [(4, numpy.ones(6), 'invalid groups'),
                                                  (0, numpy.ones(6), 'invalid groups'),
                                                  (3, numpy.ones(3), 'invalid gamma')])
def test_invalid_arguments(groups, gamma, match):
    with pytest.raises(InvalidType, match='group_normalization: ' + match):
        F.group_normalization(numpy.ones((2, 6, 3)), groups, gamma, gamma)


@pytest.mark.parametrize('eps', [1e-5, 1e-1])
def test_mul_inv_std(eps):
    # Chainer's private node: z = y / sqrt(var(x) + eps) per row, differentiable in x and y.
    from kusari.functions.normalization.group_normalization import _MulInvStd

    def mul_inv_std(x, y):
        work = kusari.as_array(x).astype(numpy.float64)
        mean = work.mean(axis=1)
        inv_std = ((work.var(axis=1) + eps) ** -0.5).astype(x.dtype)
        return _MulInvStd(eps, mean.astype(x.dtype), inv_std, None).apply((x, y))[0]

    def reference(x, y):
        work = x.astype(numpy.float64)
        return ((work.var(axis=1, keepdims=True) + eps) ** -0.5 * y).astype(x.dtype)

    low = {numpy.float16: {'atol': 5e-2, 'rtol': 5e-2}}
    check_function(mul_inv_std, (rng.uniform(-1, 1, (5, 6)), rng.uniform(-1, 1, (5, 6))),
                   reference, forward_options=low, backward_options=low,
                   double_backward_options={numpy.float16: {'atol': 2e-1, 'rtol': 2e-1}})
