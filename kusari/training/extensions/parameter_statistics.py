"""ParameterStatistics: report statistics of the parameters and gradients of links."""

from __future__ import annotations

import typing

import numpy

from kusari import backend, reporter
from kusari.training import extension, util

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.link import Link
    from kusari.training.trainer import Trainer

_PERCENTILE_SIGMAS = (0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87)


def _percentiles(x):
    xp = backend.get_array_module(x)
    if x.size == 0:
        return xp.full(len(_PERCENTILE_SIGMAS), numpy.nan, dtype=numpy.float64)
    return xp.percentile(x.astype(numpy.float64), _PERCENTILE_SIGMAS)


def _guard_empty(function):
    def statistic(x):
        return function(x) if x.size else numpy.nan
    return statistic


class ParameterStatistics(extension.Extension):
    """Reports statistics of the link parameters' data and gradients.

    The keys are ``{prefix/}{link name}{parameter path}/{data|grad}/{statistic}``, e.g.
    ``predictor/l1/W/data/mean``; a statistic with several values (the percentiles)
    gets one key per value (``.../percentile/0`` ...). The values are averaged over
    each interval of ``trigger`` before they are reported.

    Args:
        links: a Link or a list of Links.
        statistics (dict or 'default'): ``{name: function(flat_array)}``; 'default'
            gives mean, std, min, max, zeros (the count of zeros) and percentile (at
            the sigmas of a normal distribution); None: none until registered.
        report_params (bool): report statistics of the parameters' data (default True).
        report_grads (bool): report statistics of the gradients (default True).
        prefix (str): a prefix of the keys (None: none).
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
        skip_nan_params (bool): report NaN for a parameter holding NaN instead of
            computing its statistics (default False).
    """

    default_name = 'parameter_statistics'
    priority = extension.PRIORITY_WRITER
    report_key_template = '{prefix}{link_name}{param_name}/{attr_name}/{function_name}'
    default_statistics = {
        'mean': _guard_empty(lambda x: backend.get_array_module(x).mean(x)),
        'std': _guard_empty(lambda x: backend.get_array_module(x).std(x)),
        'min': _guard_empty(lambda x: backend.get_array_module(x).min(x)),
        'max': _guard_empty(lambda x: backend.get_array_module(x).max(x)),
        'zeros': lambda x: backend.get_array_module(x).count_nonzero(x == 0),
        'percentile': _percentiles,
    }

    def __init__(self, links: Link | list[Link] | tuple[Link, ...],
                 statistics: typing.Literal['default']
                 | dict[str, typing.Callable[[types.NdArray], typing.Any]] | None = 'default',
                 report_params: bool = True, report_grads: bool = True,
                 prefix: str | None = None, trigger: types.TriggerSpec = (1, 'epoch'),
                 skip_nan_params: bool = False) -> None:
        if not isinstance(links, (list, tuple)):
            links = (links,)
        self._links = links
        if statistics == 'default':
            statistics = self.default_statistics
        self._statistics = dict(statistics or {})
        self._attrs = [name for name, on in (('data', report_params),
                                             ('grad', report_grads)) if on]
        self._prefix = prefix
        self._trigger = util.get_trigger(trigger)
        self._summary = reporter.DictSummary()
        self._skip_nan_params = skip_nan_params

    def register_statistics(self, name: str,
                            function: typing.Callable[[types.NdArray], typing.Any]) -> None:
        """Adds a statistic ``function(flat_array)`` reported as ``name``."""
        self._statistics[name] = function

    def __call__(self, trainer: Trainer) -> None:
        statistics = {}
        for link in self._links:
            link_name = getattr(link, 'name', None) or 'None'
            for param_name, param in link.namedparams():
                for attr_name in self._attrs:
                    array = param.array if attr_name == 'data' else param.grad
                    if array is None and attr_name == 'grad' and param.array is not None:
                        # No gradient yet: NaN statistics, as for Chainer's parameters,
                        # whose gradients start filled with NaN.
                        array = backend.get_array_module(param.array).full_like(
                            param.array, numpy.nan)
                    if array is None:
                        continue
                    flat = array.ravel()
                    has_nan = self._skip_nan_params and bool(
                        backend.get_array_module(flat).isnan(flat).any())
                    for function_name, function in self._statistics.items():
                        # a number, or an array of them (e.g. the percentiles)
                        value: typing.Any = numpy.nan if has_nan else function(flat)
                        key = self.report_key_template.format(
                            prefix=self._prefix + '/' if self._prefix else '',
                            link_name=link_name, param_name=param_name,
                            attr_name=attr_name, function_name=function_name)
                        if getattr(value, 'size', 1) > 1:
                            for i, v in enumerate(value.ravel()):
                                statistics['{}/{}'.format(key, i)] = float(v)
                        else:
                            statistics[key] = float(value)
        self._summary.add(statistics)
        if self._trigger(trainer):
            reporter.report(self._summary.compute_mean())
            self._summary = reporter.DictSummary()

    def serialize(self, serializer):
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._summary.serialize(serializer['_summary'])
