import math

import numpy
import pytest

import kusari.functions as F
from kusari.testing import check_function
from kusari.utils.type_check import InvalidType


def _reduced(values, reduce, dtype):
    """Elementwise reference values, summed or averaged for reduce='sum' or 'mean'."""
    if reduce == 'sum':
        values = numpy.asarray(values.sum())
    elif reduce == 'mean':
        values = numpy.asarray(values.mean())
    return values.astype(dtype)


@pytest.mark.parametrize('reduce', ['sum', 'mean', 'no'])
@pytest.mark.parametrize('shape', [(3, 4), (2, 2, 3)])
def test_gaussian_kl_divergence(reduce, shape):
    mean = numpy.random.uniform(-1, 1, shape)
    ln_var = numpy.random.uniform(-1, 1, shape)

    def reference(mean, ln_var):
        m, v = mean.astype(numpy.float64), ln_var.astype(numpy.float64)
        return _reduced((m * m + numpy.exp(v) - v - 1) / 2, reduce, mean.dtype)

    check_function(lambda m, v: F.gaussian_kl_divergence(m, v, reduce=reduce),
                   (mean, ln_var), reference)


def test_gaussian_kl_divergence_matches_closed_form_for_one_dimension():
    # KL(N(mu, s^2) || N(0, 1)) = log(1 / s) + (s^2 + mu^2) / 2 - 1 / 2
    mu, s = 0.7, 1.9
    y = F.gaussian_kl_divergence(numpy.array([mu]), numpy.array([2 * math.log(s)]))
    assert float(y.array) == pytest.approx(math.log(1 / s) + (s * s + mu * mu) / 2 - 0.5)


@pytest.mark.parametrize('reduce', ['sum', 'mean', 'no'])
@pytest.mark.parametrize('shape', [(3, 4), (2, 2, 3)])
def test_bernoulli_nll(reduce, shape):
    x = numpy.random.randint(0, 2, shape).astype(numpy.float64)
    y = numpy.random.uniform(-3, 3, shape)

    def reference(x, y):
        x64, y64 = x.astype(numpy.float64), y.astype(numpy.float64)
        p = 1 / (1 + numpy.exp(-y64))
        return _reduced(-(x64 * numpy.log(p) + (1 - x64) * numpy.log(1 - p)), reduce, y.dtype)

    check_function(lambda x, y: F.bernoulli_nll(x, y, reduce=reduce), (x, y),
                   reference)


def test_bernoulli_nll_records_chainers_nodes():
    # softplus(y) - x * y, then the reduction, as Chainer's graph readers see it
    x = numpy.ones((2, 3), numpy.float32)
    loss = F.bernoulli_nll(x, x, reduce='no')
    assert type(loss.creator).__name__ == 'Sub'
    assert [type(v.creator).__name__ for v in loss.creator.inputs] == ['Softplus', 'Mul']
    assert type(F.bernoulli_nll(x, x).creator).__name__ == 'Sum'


def test_gaussian_nll_records_chainers_nodes():
    # (ln_var + log(2 pi)) / 2 - (x - mean)^2 exp(-ln_var) * -0.5
    x = numpy.ones((2, 3), numpy.float32)
    loss = F.gaussian_nll(x, x, x, reduce='no')
    assert type(loss.creator).__name__ == 'Sub'
    assert [type(v.creator).__name__ for v in loss.creator.inputs] == [
        'MulConstant', 'MulConstant']


def test_bernoulli_nll_is_stable_for_large_logits():
    x = numpy.array([1, 0, 1, 0], numpy.float32)
    y = numpy.array([-200, 200, 200, -200], numpy.float32)
    numpy.testing.assert_allclose(F.bernoulli_nll(x, y, reduce='no').array, [200, 200, 0, 0])


@pytest.mark.parametrize('reduce', ['sum', 'mean', 'no'])
@pytest.mark.parametrize('shape', [(3, 4), (2, 2, 3)])
def test_gaussian_nll(reduce, shape):
    x = numpy.random.uniform(-1, 1, shape)
    mean = numpy.random.uniform(-1, 1, shape)
    ln_var = numpy.random.uniform(-1, 1, shape)

    def reference(x, mean, ln_var):
        x64, m, v = (a.astype(numpy.float64) for a in (x, mean, ln_var))
        var = numpy.exp(v)
        nll = 0.5 * numpy.log(2 * numpy.pi * var) + (x64 - m) ** 2 / (2 * var)
        return _reduced(nll, reduce, x.dtype)

    check_function(lambda x, m, v: F.gaussian_nll(x, m, v, reduce=reduce),
                   (x, mean, ln_var), reference)


@pytest.mark.parametrize('name, args', [
    ('gaussian_kl_divergence', 2), ('bernoulli_nll', 2), ('gaussian_nll', 3)])
def test_bad_inputs(name, args):
    f = getattr(F, name)
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(InvalidType, match='{}.*reduce'.format(name)):
        f(*[x] * args, reduce='average')
    with pytest.raises(InvalidType, match='{}.*shapes'.format(name)):
        f(*[x] * (args - 1), x[:1])
