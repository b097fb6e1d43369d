"""DumpGraph: write the computational graph of a reported variable as a DOT file."""

from __future__ import annotations

import os
import subprocess
import typing

from kusari import computational_graph, core
from kusari.training import extension
from kusari.training.extensions import _files
from kusari.configuration import config

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer


def is_return_code_zero(args: typing.Sequence[str]) -> bool:
    """Whether the command ``args`` runs and exits with 0 (its output is discarded).

    Args:
        args (list of str): the command and its arguments, e.g. ``['dot', '-V']``.
    """
    try:
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=True)
    except (subprocess.CalledProcessError, OSError):  # failed, or not found
        return False
    return True


def is_graphviz_available() -> bool:
    """Whether Graphviz's ``dot`` command can be run."""
    return is_return_code_zero(['dot', '-V'])


def _render_png(dot_path):
    """Renders the DOT file as a PNG beside it (same name, .png), atomically."""
    png_path = os.path.splitext(dot_path)[0] + '.png'
    _files.atomic_write(png_path, lambda f: f.write(subprocess.run(
        ['dot', '-Tpng', dot_path], stdout=subprocess.PIPE, check=True).stdout))


class DumpGraph(extension.Extension):
    """Dumps the graph behind a reported Variable (e.g. 'main/loss') once, as DOT.

    Reported variables normally drop their graph; this extension keeps it
    (``config.keep_graph_on_report = True``) from ``initialize`` until the first call,
    dumps the graph to ``trainer.out/filename`` (and, when Graphviz's ``dot`` is
    installed, renders it to a PNG of the same name), and then restores the flag.

    Args:
        root_name (str): the observation key of the output variable, e.g.
            'main/loss'.
        filename (str): the output file name (default 'cg.dot').
        variable_style (dict): DOT attributes of variables (default: Chainer's style).
        function_style (dict): DOT attributes of functions (default: Chainer's style).
        out_name: deprecated alias of ``filename``.
    """

    default_name = 'dump_graph'

    def __init__(self, root_name: str, filename: str | None = None,
                 variable_style: dict[str, str] | None = None,
                 function_style: dict[str, str] | None = None, **kwargs: typing.Any) -> None:
        out_name = kwargs.pop('out_name', 'cg.dot')
        if kwargs:
            raise TypeError('DumpGraph: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        self._root_name = root_name
        self._filename = filename if filename is not None else out_name
        self._variable_style = 'default' if variable_style is None else variable_style
        self._function_style = 'default' if function_style is None else function_style
        self._original_flag = None  # the flag's value before initialize set it
        self._dumped = False

    def initialize(self, trainer: Trainer) -> None:
        if not self._dumped and self._original_flag is None:
            self._original_flag = config.keep_graph_on_report
            config.keep_graph_on_report = True

    def trigger(self, trainer: Trainer) -> bool:
        """The default trigger: every iteration until the graph is dumped."""
        return not self._dumped

    def __call__(self, trainer: Trainer) -> None:
        if self._dumped:
            self._restore_flag()
            return
        try:
            observation = trainer.observation
            if self._root_name not in observation:
                raise KeyError('DumpGraph: {!r} was not reported (reported: {})'.format(
                    self._root_name, ', '.join(sorted(observation)) or 'nothing'))
            root = observation[self._root_name]
            if not isinstance(root, core.Variable):
                raise TypeError('DumpGraph: {!r} is a {}, not a Variable'.format(
                    self._root_name, type(root).__name__))
            graph = computational_graph.build_computational_graph(
                [root], variable_style=self._variable_style,
                function_style=self._function_style)
            path = _files.output_path(trainer, self._filename)
            _files.write_text(path, graph.dump())
            if is_graphviz_available():
                _render_png(path)
        finally:
            self._dumped = True
            self._restore_flag()

    def _restore_flag(self):
        if self._original_flag is not None:
            config.keep_graph_on_report = self._original_flag
            self._original_flag = None

    def finalize(self) -> None:
        self._restore_flag()

    def serialize(self, serializer):
        # Chainer's keys, so trainer snapshots resume in either framework. The saved flag
        # is informational here: this extension restores the flag it saw at initialize.
        self._dumped = bool(serializer('_flag_called', self._dumped))
        flag = self._original_flag
        serializer('_original_flag', bool(config.keep_graph_on_report if flag is None
                                          else flag))


dump_graph = DumpGraph
