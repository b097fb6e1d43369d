"""PlotReport: plot observed values over training as a PNG (matplotlib, Agg)."""

from __future__ import annotations

import io
import json
import os
import typing
import warnings

from kusari import reporter
from kusari.training import extension, util
from kusari.training.extensions import _files, _keys

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.trainer import Trainer


def _matplotlib_available():
    try:
        import matplotlib  # NOQA
    except ImportError:
        return False
    return True


def render_png(draw: typing.Callable[[typing.Any], None],
               figsize: tuple[float, float] | None = None) -> bytes:
    """PNG bytes of a matplotlib figure drawn by ``draw(figure)``.

    Uses the Agg canvas directly: no GUI, and pyplot's global state is left alone.

    Args:
        draw (callable): draws on the ``matplotlib.figure.Figure`` it is given.
        figsize (tuple): the figure's size in inches (None: matplotlib's default).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    figure = Figure(figsize=figsize)
    FigureCanvasAgg(figure)
    draw(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format='png', bbox_inches='tight')
    return buffer.getvalue()


def write_png(path: str | os.PathLike[str], png: bytes) -> None:
    """Writes the PNG bytes ``png`` to ``path`` atomically.

    Args:
        path (str): the file to write.
        png (bytes): the image, as :func:`render_png` gives it.
    """
    _files.atomic_write(path, lambda f: f.write(png))


class PlotReport(extension.Extension):
    """Plots the means of observed values per interval and saves the plot as PNG.

    Args:
        y_keys (str or list of str): the observation keys to plot.
        x_key (str): 'iteration' (the default), 'epoch' or 'elapsed_time'.
        trigger: the interval (a trigger or ``(period, unit)``; one epoch by default).
        postprocess (callable): ``postprocess(figure, axes, summary)`` before saving.
        filename (str): the PNG file name in ``trainer.out`` (default 'plot.png').
        marker (str): the matplotlib marker of the points (default 'x'; None: lines
            only).
        grid (bool): draw a grid (default True).
        file_name: deprecated alias of ``filename``.
    """

    def __init__(self, y_keys: str | typing.Iterable[str], x_key: str = 'iteration',
                 trigger: types.TriggerSpec = (1, 'epoch'),
                 postprocess: typing.Callable[..., None] | None = None,
                 filename: str | None = None, marker: str | None = 'x', grid: bool = True,
                 **kwargs: typing.Any) -> None:
        file_name = kwargs.pop('file_name', 'plot.png')
        if kwargs:
            raise TypeError('PlotReport: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        if x_key not in ('iteration', 'epoch', 'elapsed_time'):
            raise ValueError("PlotReport: x_key must be 'iteration', 'epoch' or "
                             "'elapsed_time', got {!r}".format(x_key))
        self._x_key = x_key
        self._y_keys = [y_keys] if isinstance(y_keys, str) else list(y_keys)
        self._trigger = util.get_trigger(trigger)
        self._file_name = filename if filename is not None else file_name
        self._marker = marker
        self._grid = grid
        self._postprocess = postprocess
        self._summary = reporter.DictSummary()
        self._data: dict[str, list[tuple[float, float]]] = {key: [] for key in self._y_keys}
        self._warned = False
        self._reported: set[str] = set()  # the keys observed when the plot was updated
        self._updated = False

    @staticmethod
    def available() -> bool:
        """Whether matplotlib is installed (warns when it is not)."""
        if _matplotlib_available():
            return True
        warnings.warn('PlotReport: matplotlib is not installed, so nothing will be plotted; '
                      'pip install matplotlib (or kusari[plot])', stacklevel=2)
        return False

    def __call__(self, trainer: Trainer) -> None:
        observation = trainer.observation
        self._summary.add({k: observation[k] for k in self._y_keys if k in observation})
        if not (trainer.is_before_training or self._trigger(trainer)):
            return
        stats = {k: float(v) for k, v in self._summary.compute_mean().items()}
        self._reported.update(observation)
        self._updated = True
        updater = trainer.updater
        x = {'epoch': updater.epoch, 'iteration': updater.iteration,
             'elapsed_time': trainer.elapsed_time}[self._x_key]
        for key in self._y_keys:
            if key in stats:
                self._data[key].append((x, stats[key]))
        summary, self._summary = self._summary, reporter.DictSummary()
        if not _matplotlib_available():
            if not self._warned:
                self._warned = True
                self.available()
            return
        png = render_png(lambda figure: self._draw(figure, summary))
        write_png(_files.output_path(trainer, self._file_name), png)

    def finalize(self) -> None:
        if self._updated:
            reported = self._reported | {key for key, points in self._data.items() if points}
            _keys.warn_never_reported('PlotReport', self._y_keys, reported, 'their lines')

    def _draw(self, figure, summary):
        axes = figure.add_subplot(111)
        axes.set_xlabel(self._x_key)
        if self._grid:
            axes.grid()
        for key in self._y_keys:
            points = self._data[key]
            if points:
                xs, ys = zip(*points)
                axes.plot(xs, ys, marker=self._marker, label=key)
        if any(self._data.values()):
            axes.legend(bbox_to_anchor=(1.05, 1), loc='upper left', borderaxespad=0)
        if self._postprocess is not None:
            self._postprocess(figure, axes, summary)

    def serialize(self, serializer):
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['_trigger'])
        self._summary.serialize(serializer['_summary'])
        stored = serializer('_plot_' + self._file_name, json.dumps(self._data))
        if isinstance(stored, bytes):
            stored = stored.decode('utf-8')
        try:
            data = json.loads(str(stored))
        except ValueError as e:
            raise ValueError('PlotReport: the saved plot data is not valid JSON ({})'.format(
                e)) from e
        self._data = {key: [tuple(point) for point in data.get(key, [])]
                      for key in self._y_keys}
