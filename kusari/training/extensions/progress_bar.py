"""ProgressBar: the progress of training, its speed and the time left."""

from __future__ import annotations

import collections
import datetime
import html
import sys
import time
import typing

from kusari.training import extension
from kusari.training.extensions import _notebook, _terminal

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer
    from kusari.training.updater import Updater

# Seconds between redraws on a terminal, whatever update_interval is.
_REFRESH_SECONDS = 1.0


class ProgressBar(extension.Extension):
    """Shows how far training has gone, the iterations per second and an ETA.

    On a terminal it redraws a four-line bar in place every ``update_interval``
    iterations and at least about once a second; in a Jupyter notebook (writing to
    ``sys.stdout``) it does the same in one output of the cell, with HTML progress bars,
    and leaves it showing where training ended. On any other stream (a file, a pipe,
    a CI log) it prints one plain line instead, so logs stay readable. So that a short
    run shows something, the first epoch's end is shown when no update came before it,
    and the last iteration when the run ends between two updates.

    Args:
        training_length (tuple): ``(length, unit)``, e.g. ``(20, 'epoch')``; by default
            the stop trigger's ``get_training_length()``.
        update_interval (int): iterations between updates (default 100).
        bar_length (int): width of the bars in characters (default 50).
        out: the stream to write to (``sys.stdout`` by default).
    """

    def __init__(self, training_length: tuple[float, str] | None = None,
                 update_interval: int = 100, bar_length: int = 50,
                 out: typing.TextIO = sys.stdout) -> None:
        if isinstance(update_interval, bool) or not isinstance(update_interval, int) \
                or update_interval < 1:
            raise ValueError('ProgressBar: update_interval must be a positive int, got {!r}'
                             .format(update_interval))
        self._training_length = training_length
        self._update_interval = update_interval
        self._bar_length = bar_length
        self._out = out
        # (time, iteration, epoch_detail) of the recent updates
        self._recent: collections.deque[tuple[float, int, float]] = collections.deque(
            maxlen=11)
        self._drawn = False
        self._is_terminal: bool | None = None  # known at the first call
        self._display: _notebook.Display | None = None  # in a notebook
        # (time, iteration) of the last update shown; (first call's time, None) before one
        self._last_shown_at: tuple[float, int | None] | None = None
        self._updater: Updater | None = None

    def __call__(self, trainer: Trainer) -> None:
        if self._training_length is None:
            self._training_length = _training_length_of(trainer.stop_trigger)
        updater = self._updater = trainer.updater
        iteration = updater.iteration
        now = time.time()
        last_shown = self._last_shown_at
        if last_shown is None:  # the first call
            if _notebook.in_notebook(self._out):
                self._display = _notebook.Display()
            self._is_terminal = self._display is not None or _terminal.is_terminal(self._out)
            last_shown = self._last_shown_at = now, None
        due = (iteration % self._update_interval == 0
               or (self._is_terminal and now - last_shown[0] >= _REFRESH_SECONDS)
               or (last_shown[1] is None and getattr(updater, 'is_new_epoch', False)))
        if due or not self._recent:
            # The speed is measured over the last ten updates (or since the first call).
            self._recent.append((now, iteration, updater.epoch_detail))
        if due:
            self._last_shown_at = now, iteration
            self._update(updater)

    def _update(self, updater):
        length, unit = self._training_length
        iteration, epoch_detail = updater.iteration, updater.epoch_detail
        done = (iteration if unit == 'iteration' else epoch_detail) / length
        speed, epoch_speed = self._speeds()
        if speed is None:
            eta = None
        elif unit == 'iteration':
            eta = max(length - iteration, 0) / speed if speed > 0 else None
        else:
            eta = max(length - epoch_detail, 0) / epoch_speed if epoch_speed > 0 else None
        eta_text = 'unknown' if eta is None else str(datetime.timedelta(seconds=round(eta)))
        speed_text = 'unknown' if speed is None else '{:.5g}'.format(speed)
        out = self._out
        if self._is_terminal:
            lines = [
                '     total {} {:6.2%}'.format(self._bar(done), min(done, 1.)),
                'this epoch {} {:6.2%}'.format(self._bar(epoch_detail % 1.),
                                              epoch_detail % 1.),
                '{:>10} iter, {} epoch / {} {}s'.format(iteration, updater.epoch, length,
                                                       unit),
                '{:>10} iters/sec. Estimated time to finish: {}.'.format(speed_text,
                                                                          eta_text),
            ]
            if self._display is not None:
                self._display.show('\n'.join(lines), _bars_html(
                    [('total', done), ('this epoch', epoch_detail % 1.)], lines[2:]))
                return
            out.write('\033[J' + '\n'.join(lines) + '\n\033[{}A'.format(len(lines)))
            self._drawn = True
        else:
            out.write('{:6.2%} of {} {}s: iteration {}, epoch {}, {} iters/sec, '
                      'ETA {}\n'.format(min(done, 1.), length, unit, iteration,
                                        updater.epoch, speed_text, eta_text))
        _terminal.flush(out)

    def _bar(self, fraction):
        filled = int(min(max(fraction, 0.), 1.) * self._bar_length)
        return '[' + '#' * filled + '.' * (self._bar_length - filled) + ']'

    def _speeds(self):
        """Iterations and epochs per second over the recent calls (None: too few)."""
        if len(self._recent) < 2:
            return None, None
        (t0, i0, e0), (t1, i1, e1) = self._recent[0], self._recent[-1]
        if t1 <= t0:
            return None, None
        return (i1 - i0) / (t1 - t0), (e1 - e0) / (t1 - t0)

    def finalize(self):
        updater = self._updater
        if ((not self._is_terminal or self._display is not None) and updater is not None
                and self._last_shown_at[1] != updater.iteration):
            self._recent.append((time.time(), updater.iteration, updater.epoch_detail))
            self._update(updater)  # where the run ended
        if self._drawn:
            self._out.write('\033[J')  # clear the bar
            _terminal.flush(self._out)


def _bars_html(bars, lines):
    """HTML ``<progress>`` bars (``(label, fraction)``) above the text ``lines``."""
    rows = ''.join(
        '<div><progress value="{0:.4f}" max="1" style="width: 30em"></progress> '
        '{1} {0:.2%}</div>'.format(min(max(fraction, 0.), 1.), html.escape(label))
        for label, fraction in bars)
    return '<div class="kusari-progress">{}<pre>{}</pre></div>'.format(
        rows, html.escape('\n'.join(line.strip() for line in lines)))


def _training_length_of(stop_trigger):
    get_length = getattr(stop_trigger, 'get_training_length', None)
    if get_length is None:
        raise ValueError('ProgressBar: the stop trigger {!r} has no get_training_length(); '
                         'give training_length=(length, unit)'.format(stop_trigger))
    return get_length()
