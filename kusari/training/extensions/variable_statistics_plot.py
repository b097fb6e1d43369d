"""VariableStatisticsPlot: plot how the distribution of parameters/gradients evolves."""

from __future__ import annotations

import json
import typing

import numpy

from kusari import backend, core, link
from kusari.training import extension, util
from kusari.training.extensions import _files, plot_report

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.core import Variable
    from kusari.link import Link
    from kusari.training.trainer import Trainer


def _variables_of(targets):
    if not isinstance(targets, (list, tuple)):
        targets = [targets]
    variables = []
    for target in targets:
        if isinstance(target, link.Link):
            variables.extend(target.params())
        elif isinstance(target, core.Variable):
            variables.append(target)
        else:
            raise TypeError('VariableStatisticsPlot: targets must be Links or Variables, got '
                            '{}'.format(type(target).__name__))
    return variables


def _sample(flat, max_sample_size):
    """At most ``max_sample_size`` evenly spaced values (no random generator is used, so
    plotting never changes a run)."""
    if flat.size <= max_sample_size:
        return flat
    return flat[numpy.linspace(0, flat.size - 1, max_sample_size).astype(numpy.int64)]


class Reservoir:
    """A uniform sample of at most ``size`` of the arrays added (reservoir sampling).

    The choices are drawn from the reservoir's own generator, so sampling never changes
    NumPy's global random state (and so a training run).

    Args:
        size (int): the number of arrays kept.
        data_shape (tuple): the shape of each array.
        dtype: the dtype they are stored in (float32 by default).
    """

    def __init__(self, size: int, data_shape: typing.Sequence[int],
                 dtype: types.DTypeSpec = numpy.float32) -> None:
        self.size = size
        self.data = numpy.zeros((size,) + tuple(data_shape), dtype=dtype)
        self.idxs = numpy.zeros((size,), dtype=numpy.int32)
        self.counter = 0
        self._random = numpy.random.RandomState(0)

    def add(self, x: types.NdArray, idx: int | None = None) -> None:
        """Offers ``x`` (labelled ``idx``, by default the number of arrays offered)."""
        idx = self.counter if idx is None else idx
        if self.counter < self.size:
            slot = self.counter
        else:
            slot = self._random.randint(self.counter + 1)  # kept with chance size/(n+1)
        if slot < self.size:
            self.data[slot] = x
            self.idxs[slot] = idx
        self.counter += 1

    def get_data(self) -> tuple[types.NdArray, types.NdArray]:
        """``(idxs, data)`` of the kept arrays, ordered by label."""
        idxs = self.idxs[:min(self.counter, self.size)]
        order = numpy.argsort(idxs)
        return idxs[order], self.data[order]


class Statistician:
    """Mean, standard deviation and percentiles of an array, as chosen.

    Args:
        collect_mean (bool): compute ``'mean'``.
        collect_std (bool): compute ``'std'``.
        percentile_sigmas: the percentiles (0 to 100) of ``'percentile'``; empty for none.
    """

    def __init__(self, collect_mean: bool, collect_std: bool,
                 percentile_sigmas: typing.Sequence[float]) -> None:
        self.collect_mean = collect_mean
        self.collect_std = collect_std
        self.percentile_sigmas = percentile_sigmas

    def __call__(self, x: types.NdArray, axis: int | list[int] | tuple[int, ...] | None = 0,
                 dtype: types.DTypeSpec = None, xp: types.Xp = None) -> dict[str, types.NdArray]:
        """The statistics of ``x`` over ``axis`` (None: all axes) as a dict of arrays,
        cast to ``dtype`` if given."""
        if axis is None:
            axis = tuple(range(x.ndim))
        elif not isinstance(axis, (tuple, list)):
            axis = (axis,)
        return self.collect(x, tuple(axis), dtype)

    def collect(self, x: types.NdArray, axis: tuple[int, ...],
                dtype: types.DTypeSpec = None) -> dict[str, types.NdArray]:
        xp = backend.get_array_module(x)
        out = {}
        if self.collect_mean:
            out['mean'] = x.mean(axis=axis)
        if self.collect_std:
            out['std'] = x.std(axis=axis)
        if len(self.percentile_sigmas):
            out['percentile'] = xp.percentile(x, self.percentile_sigmas, axis=axis)
        if dtype is not None:
            out = {key: xp.asarray(value).astype(dtype, copy=False)
                   for key, value in out.items()}
        return out


class VariableStatisticsPlot(extension.Extension):
    """Plots percentiles, mean and std of the targets' data and gradients over training.

    At each interval the values of all target variables (sampled down to
    ``max_sample_size``) are summarized; the PNG shows the percentile bands (the
    defaults are the sigmas of a normal distribution), the mean and mean +- std, with
    one panel for the data and one for the gradients.

    Args:
        targets: a Link, a Variable, or a list of them.
        max_sample_size (int): at most this many values per statistic (default 1000).
        report_data (bool): plot the data (default True).
        report_grad (bool): plot the gradients (default True).
        plot_mean (bool): plot the mean (default True).
        plot_std (bool): plot mean +- std (default True).
        percentile_sigmas (tuple): the percentiles to plot (0 to 100); by default the
            minimum, the maximum and the sigmas of a normal distribution.
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
        filename (str): the PNG file name (default 'statistics.png').
        figsize (tuple): the figure size in inches (default: 5 wide per panel, 4 high).
        marker (str): the marker of the mean line (None: none).
        grid (bool): draw grids (default True).
        file_name: deprecated alias of ``filename``.
    """

    def __init__(self, targets: Link | Variable | typing.Sequence[Link | Variable],
                 max_sample_size: int = 1000, report_data: bool = True,
                 report_grad: bool = True, plot_mean: bool = True, plot_std: bool = True,
                 percentile_sigmas: typing.Sequence[float] = (
                     0, 0.13, 2.28, 15.87, 50, 84.13, 97.72, 99.87, 100),
                 trigger: types.TriggerSpec = (1, 'epoch'), filename: str | None = None,
                 figsize: tuple[float, float] | None = None, marker: str | None = None,
                 grid: bool = True, **kwargs: typing.Any) -> None:
        file_name = kwargs.pop('file_name', 'statistics.png')
        if kwargs:
            raise TypeError('VariableStatisticsPlot: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        self._keys = [key for key, on in (('data', report_data), ('grad', report_grad)) if on]
        if not self._keys:
            raise ValueError('VariableStatisticsPlot: report_data or report_grad must be True')
        self._variables = _variables_of(targets)
        self._max_sample_size = max_sample_size
        self._plot_mean = plot_mean
        self._plot_std = plot_std
        self._percentile_sigmas = tuple(percentile_sigmas)
        self._statistician = Statistician(True, True, self._percentile_sigmas)
        self._trigger = util.get_trigger(trigger)
        self._filename = filename if filename is not None else file_name
        self._figsize = figsize
        self._marker = marker
        self._grid = grid
        # For each key: a list of [x, percentiles..., mean, std].
        self._data: dict[str, list[list[float]]] = {key: [] for key in self._keys}

    def __call__(self, trainer: Trainer) -> None:
        if not self._trigger(trainer):
            return
        x = trainer.updater.iteration
        for key in self._keys:
            arrays = [v.array if key == 'data' else v.grad for v in self._variables]
            arrays = [backend.CpuDevice().send(a).ravel() for a in arrays if a is not None]
            if not arrays:
                continue
            values = _sample(numpy.concatenate(arrays).astype(numpy.float64),
                             self._max_sample_size)
            stats = self._statistician(values, axis=None)
            row = [x] + stats.get('percentile', numpy.empty(0)).tolist()
            row += [float(stats['mean']), float(stats['std'])]
            self._data[key].append(row)
        if not plot_report._matplotlib_available():
            plot_report.PlotReport.available()
            return
        figsize = self._figsize or (5. * len(self._keys), 4.)  # one panel per key
        png = plot_report.render_png(self._draw, figsize)
        plot_report.write_png(_files.output_path(trainer, self._filename), png)

    def _draw(self, figure):
        n = len(self._percentile_sigmas)
        for index, key in enumerate(self._keys):
            axes = figure.add_subplot(1, len(self._keys), index + 1)
            axes.set_title(key)
            axes.set_xlabel('iteration')
            if self._grid:
                axes.grid()
            rows = numpy.array(self._data[key], dtype=numpy.float64).reshape(-1, n + 3)
            if not len(rows):
                continue
            xs, percentiles = rows[:, 0], rows[:, 1:n + 1]
            mean, std = rows[:, n + 1], rows[:, n + 2]
            for i in range(n // 2):  # the band between each symmetric pair of percentiles
                axes.fill_between(xs, percentiles[:, i], percentiles[:, n - 1 - i],
                                  color='tab:blue', alpha=0.15, linewidth=0)
            if n % 2:
                axes.plot(xs, percentiles[:, n // 2], color='tab:blue', label='median')
            if self._plot_mean:
                axes.plot(xs, mean, color='tab:orange', marker=self._marker, label='mean')
            if self._plot_std:
                axes.plot(xs, mean + std, color='tab:orange', linestyle='--', label='mean+std')
                axes.plot(xs, mean - std, color='tab:orange', linestyle=':', label='mean-std')
            axes.legend(loc='best', fontsize='small')

    def serialize(self, serializer):
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        stored = serializer('_data', json.dumps(self._data))
        if isinstance(stored, bytes):
            stored = stored.decode('utf-8')
        data = json.loads(str(stored))
        self._data = {key: data.get(key, []) for key in self._keys}
