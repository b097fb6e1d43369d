"""PrintReport: print the entries of a LogReport as a table."""

from __future__ import annotations

import html
import sys
import typing

from kusari.training import extension
from kusari.training.extensions import _keys, _notebook, _terminal
from kusari.training.extensions import log_report as log_report_module

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


class PrintReport(extension.Extension):
    """Prints the chosen entries of each new log line of a LogReport as a table row.

    The header is printed at the first call; each column is at least 10 characters
    wide. A missing value leaves its cell blank; at the end of training, a key missing
    from every printed line is warned about (a UserWarning), as it is likely misspelt.
    In a Jupyter notebook (writing to ``sys.stdout``) the table is one output of the
    cell, an HTML table that grows in place.

    Args:
        entries (list of str): the log keys to print, e.g. ``['epoch', 'main/loss']``.
        log_report (str or LogReport): the LogReport extension, or its name in the
            trainer (default 'LogReport').
        out: the stream to print to (``sys.stdout`` by default).
    """

    def __init__(self, entries: typing.Iterable[str],
                 log_report: str | log_report_module.LogReport = 'LogReport',
                 out: typing.TextIO = sys.stdout) -> None:
        if isinstance(entries, str):
            raise TypeError('PrintReport: entries must be a list of keys, got the string {!r}'
                            .format(entries))
        self._entries = list(entries)
        self._log_report = log_report
        self._out = out
        self._log_len = 0
        self._reported: set[str] = set()  # the keys of the printed log lines
        widths = [max(10, len(entry)) for entry in self._entries]
        self._header_line = '  '.join(
            entry.ljust(w) for entry, w in zip(self._entries, widths))
        self._header: str | None = self._header_line  # None once printed
        self._widths = widths
        self._display: _notebook.Display | None = None  # in a notebook
        self._rows: list[dict[str, typing.Any]] = []  # the entries the display shows

    def __call__(self, trainer: Trainer) -> None:
        out = self._out
        if self._header is not None:
            if _notebook.in_notebook(out):
                self._display = _notebook.Display()
            else:
                out.write(self._header + '\n')
            self._header = None
        log = log_report_module.find_log_report(trainer, self._log_report, 'PrintReport').log
        if self._display is not None:
            self._show_in_notebook(log)
            return
        while self._log_len < len(log):
            if _terminal.is_terminal(out):
                out.write('\033[J')  # clear what a progress bar drew below the cursor
            out.write(self._row(log[self._log_len]) + '\n')
            self._reported.update(log[self._log_len])
            self._log_len += 1
        _terminal.flush(out)

    def _show_in_notebook(self, log):
        if self._log_len == len(log) and self._display.shown:
            return
        new = log[self._log_len:]
        self._rows.extend(new)
        for entry in new:
            self._reported.update(entry)
        self._log_len = len(log)
        text = '\n'.join([self._header_line] + [self._row(entry) for entry in self._rows])
        cells = ''.join('<th>{}</th>'.format(html.escape(key)) for key in self._entries)
        rows = ['<tr>{}</tr>'.format(cells)]
        for entry in self._rows:
            rows.append('<tr>{}</tr>'.format(''.join(
                '<td>{}</td>'.format(html.escape(_format(entry[key])) if key in entry else '')
                for key in self._entries)))
        self._display.show(text, '<table class="kusari-report">{}</table>'.format(
            ''.join(rows)))

    def _row(self, entry):
        cells = []
        for key, width in zip(self._entries, self._widths):
            cells.append(_format(entry[key]).ljust(width) if key in entry else ' ' * width)
        return '  '.join(cells).rstrip()

    def finalize(self) -> None:
        if self._reported:
            _keys.warn_never_reported('PrintReport', self._entries, self._reported,
                                      'their columns')

    def serialize(self, serializer):
        if isinstance(self._log_report, log_report_module.LogReport):
            self._log_report.serialize(serializer['_log_report'])


def _format(value):
    if isinstance(value, (int, float)):
        return '{:g}'.format(value)
    return str(value)
