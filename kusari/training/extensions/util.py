"""Chainer's ``training.extensions.util``: a base class of in-place progress bars.

Libraries built on Chainer subclass :class:`ProgressBar` for their own bars (they give
``get_lines``); kusari's ProgressBar extension draws its bar itself.
"""

from __future__ import annotations

import collections
import sys
import time
import typing

from kusari.training.extensions import _terminal


class ProgressBar:
    """Draws the lines ``get_lines()`` returns in place, with ANSI cursor control.

    Args:
        bar_length (int): width of the bars subclasses draw (50 by default).
        out: the stream (``sys.stdout`` by default).
    """

    def __init__(self, bar_length: int | None = None,
                 out: typing.TextIO | None = None) -> None:
        self._bar_length = 50 if bar_length is None else bar_length
        self._out = sys.stdout if out is None else out
        # (iteration, epoch_detail, time) of the recent calls
        self._recent_timing: collections.deque[tuple[int, float, float]] = collections.deque(
            maxlen=100)

    def update_speed(self, iteration: int, epoch_detail: float) -> tuple[float, float]:
        """Iterations and epochs per second over the last 100 calls (``inf`` at the first)."""
        now = time.time()
        self._recent_timing.append((iteration, epoch_detail, now))
        first_iteration, first_epoch, first_time = self._recent_timing[0]
        span = now - first_time
        if span == 0:
            return float('inf'), float('inf')
        return (iteration - first_iteration) / span, (epoch_detail - first_epoch) / span

    def get_lines(self) -> list[str]:
        """The lines to draw, each ending with a newline."""
        raise NotImplementedError('{} must implement get_lines'.format(type(self).__name__))

    def update(self) -> None:
        """Redraws the bar: its lines, then the cursor back above them."""
        self.erase_console()
        lines = self.get_lines()
        for line in lines:
            self._out.write(line)
        self.move_cursor_up(len(lines))
        self.flush()

    def close(self) -> None:
        """Erases the bar."""
        self.erase_console()
        self.flush()

    def erase_console(self) -> None:
        self._out.write('\033[J')  # clear from the cursor to the end of the screen

    def move_cursor_up(self, n: int) -> None:
        self._out.write('\033[{:d}A'.format(n))

    def flush(self) -> None:
        _terminal.flush(self._out)
