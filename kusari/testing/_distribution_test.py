"""The test case that Chainer's distribution tests subclass, with SciPy as the reference.

A subclass is parameterized with ``shape`` (the batch shape), ``sample_shape`` and
``is_variable``, and defines ``setUp_configure``, which sets

- ``dist``: the distribution class, or any callable building one from keyword arguments;
- ``params``: its parameters as arrays (given as Variables when ``is_variable``);
- ``options``: further keyword arguments of ``dist`` that are not parameters;
- ``scipy_dist`` and ``scipy_params``: the same distribution in ``scipy.stats``;
- ``test_targets``: the names (among :data:`TARGETS`) of the quantities to compare;
- optionally ``support`` (default ``'real'``), ``event_shape`` (default ``()``) and
  ``continuous`` (default True; False compares with SciPy's ``pmf`` instead of ``pdf``);

and ``sample_for_test()``, the points of shape ``sample_shape + shape + event_shape`` at
which to evaluate. Each target ``t`` is tested by ``test_t_cpu`` (and ``test_t_gpu``)
calling ``check_t(is_gpu)``, which subclasses may override. With ``scipy_onebyone``, the
SciPy reference of the moments and of ``log_prob`` is computed one batch element at a time
(for SciPy distributions that do not broadcast their parameters).
"""

import unittest

import numpy

from kusari import core
from kusari.backends import cuda
from kusari.testing import array
from kusari.testing import attr

# Target name -> (the Distribution member, its scipy.stats counterpart) of the quantities
# computed at points; the rest are compared by their own check methods.
_POINTWISE = {
    'cdf': ('cdf', 'cdf'),
    'log_cdf': ('log_cdf', 'logcdf'),
    'survival': ('survival_function', 'sf'),
    'log_survival': ('log_survival_function', 'logsf'),
}

TARGETS = frozenset(_POINTWISE) | {
    'batch_shape', 'entropy', 'event_shape', 'icdf', 'log_prob', 'mean', 'prob', 'sample',
    'stddev', 'support', 'variance'}

_SAMPLE_COUNT = 100000


class distribution_unittest(unittest.TestCase):
    """Compares a distribution's quantities with those of ``scipy.stats`` (see the module)."""

    scipy_onebyone = False

    def setUp(self):
        self.support = 'real'
        if not hasattr(self, 'event_shape'):
            self.event_shape = ()
        self.continuous = True
        self.test_targets = set()
        self.options = {}
        self.setUp_configure()
        unknown = set(self.test_targets) - TARGETS
        if unknown:
            raise ValueError('distribution_unittest: unknown test_targets {}; the targets are {}'
                             .format(sorted(unknown), sorted(TARGETS)))
        if self.is_variable:
            self.params = {name: core.Variable(value) for name, value in self.params.items()}

    def setUp_configure(self):
        """Sets the distribution, its parameters and the SciPy reference (see the module)."""
        raise NotImplementedError

    @property
    def cpu_dist(self):
        """The distribution under test, built from ``params`` and ``options``."""
        return self.dist(**self.params, **self.options)

    @property
    def gpu_dist(self):
        """The distribution built from ``params`` copied to the current GPU."""
        params = {name: cuda.to_gpu(core.as_array(value)) for name, value in self.params.items()}
        if self.is_variable:
            params = {name: core.Variable(value) for name, value in params.items()}
        return self.dist(**params, **self.options)

    def _dist(self, is_gpu):
        return self.gpu_dist if is_gpu else self.cpu_dist

    def _points(self, points, is_gpu):
        return cuda.to_gpu(points) if is_gpu else points

    def scipy_onebyone_params_iter(self):
        """The SciPy parameters of each batch element, in C order of the batch index."""
        for index in numpy.ndindex(self.shape):
            yield {name: value[index] for name, value in self.scipy_params.items()}

    def _scipy_moment(self, name, event_shape):
        """SciPy's moment ``name`` (``'mean'``, ``'var'``...) of shape ``shape + event_shape``."""
        moment = getattr(self.scipy_dist, name)
        if not self.scipy_onebyone:
            return moment(**self.scipy_params)
        values = [numpy.reshape(moment(**params), event_shape)
                  for params in self.scipy_onebyone_params_iter()]
        return numpy.reshape(values, self.shape + event_shape)

    def _check_target(self, target, is_gpu):
        if target not in self.test_targets:
            self.skipTest('\'{}\' is not in test_targets'.format(target))
        getattr(self, 'check_' + target)(is_gpu)

    def check_batch_shape(self, is_gpu):
        self.assertEqual(self._dist(is_gpu).batch_shape, self.shape)

    def check_event_shape(self, is_gpu):
        self.assertEqual(self._dist(is_gpu).event_shape, self.event_shape)

    def check_support(self, is_gpu):
        self.assertEqual(self._dist(is_gpu).support, self.support)

    def _check_pointwise(self, target, is_gpu):
        method, scipy_method = _POINTWISE[target]
        points = self.sample_for_test()
        actual = getattr(self._dist(is_gpu), method)(self._points(points, is_gpu)).array
        expected = getattr(self.scipy_dist, scipy_method)(points, **self.scipy_params)
        array.assert_allclose(actual, expected)

    def check_cdf(self, is_gpu):
        self._check_pointwise('cdf', is_gpu)

    def check_log_cdf(self, is_gpu):
        self._check_pointwise('log_cdf', is_gpu)

    def check_survival(self, is_gpu):
        self._check_pointwise('survival', is_gpu)

    def check_log_survival(self, is_gpu):
        self._check_pointwise('log_survival', is_gpu)

    def check_prob(self, is_gpu):
        points = self.sample_for_test()
        actual = self._dist(is_gpu).prob(self._points(points, is_gpu)).array
        scipy_prob = self.scipy_dist.pdf if self.continuous else self.scipy_dist.pmf
        array.assert_allclose(actual, scipy_prob(points, **self.scipy_params))

    def check_log_prob(self, is_gpu):
        points = self.sample_for_test()
        actual = self._dist(is_gpu).log_prob(self._points(points, is_gpu)).array
        scipy_log_prob = self.scipy_dist.logpdf if self.continuous else self.scipy_dist.logpmf
        if not self.scipy_onebyone:
            expected = scipy_log_prob(points, **self.scipy_params)
        else:
            sample_axes = (slice(None),) * len(self.sample_shape)
            expected = [
                numpy.reshape(scipy_log_prob(points[sample_axes + index], **params),
                              self.sample_shape)
                for index, params in zip(numpy.ndindex(self.shape),
                                         self.scipy_onebyone_params_iter())]
            # Batch elements were stacked first; the batch axes follow the sample axes.
            expected = numpy.moveaxis(numpy.reshape(expected, (-1,) + self.sample_shape), 0, -1)
            expected = expected.reshape(self.sample_shape + self.shape)
        array.assert_allclose(actual, expected)

    def check_icdf(self, is_gpu):
        probabilities = numpy.random.uniform(
            1e-5, 1 - 1e-5, self.sample_shape + self.shape).astype(numpy.float32)
        actual = self._dist(is_gpu).icdf(self._points(probabilities, is_gpu)).array
        array.assert_allclose(actual, self.scipy_dist.ppf(probabilities, **self.scipy_params))

    def check_mean(self, is_gpu):
        dist = self._dist(is_gpu)
        array.assert_allclose(dist.mean.array, self._scipy_moment('mean', dist.event_shape))

    def check_variance(self, is_gpu):
        dist = self._dist(is_gpu)
        array.assert_allclose(dist.variance.array, self._scipy_moment('var', dist.event_shape))

    def check_entropy(self, is_gpu):
        array.assert_allclose(self._dist(is_gpu).entropy.array, self._scipy_moment('entropy', ()))

    def check_stddev(self, is_gpu):
        array.assert_allclose(self._dist(is_gpu).stddev.array,
                              self.scipy_dist.std(**self.scipy_params))

    def check_sample(self, is_gpu):
        dist = self._dist(is_gpu)
        draws_shape = (_SAMPLE_COUNT,) + self.sample_shape
        actual = dist.sample(sample_shape=draws_shape).array
        if not self.scipy_onebyone:
            expected = self.scipy_dist.rvs(size=draws_shape + self.shape, **self.scipy_params)
        else:
            expected = [numpy.reshape(self.scipy_dist.rvs(size=draws_shape, **params),
                                      draws_shape + dist.event_shape)
                        for params in self.scipy_onebyone_params_iter()]
            # Stack the batch elements after the sample axes, before the event axes.
            expected = numpy.stack(expected, axis=len(draws_shape)).reshape(
                draws_shape + self.shape + dist.event_shape)
        # Compare the moments of the draws, per position.
        for statistic in (numpy.mean, numpy.std):
            array.assert_allclose(statistic(cuda.to_cpu(actual), axis=0),
                                  statistic(expected, axis=0), atol=3e-2, rtol=3e-2)


def _add_target_tests(cls, target):
    def test_cpu(self):
        self._check_target(target, False)

    def test_gpu(self):
        self._check_target(target, True)

    for device, test in (('cpu', test_cpu), ('gpu', test_gpu)):
        test.__name__ = 'test_{}_{}'.format(target, device)
        test.__qualname__ = '{}.{}'.format(cls.__name__, test.__name__)
        test.__doc__ = 'Checks ``{}`` on the {}.'.format(target, device.upper())
        setattr(cls, test.__name__, attr.gpu(test) if device == 'gpu' else test)


for _target in sorted(TARGETS):
    _add_target_tests(distribution_unittest, _target)
