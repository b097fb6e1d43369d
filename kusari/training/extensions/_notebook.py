"""Output in Jupyter: one display of the cell replaced in place, where a terminal would
redraw lines with cursor control."""

import sys


def in_notebook(out):
    """Whether ``out`` is the standard output of a Jupyter (IPython) kernel."""
    if out is not sys.stdout:
        return False
    ipython = sys.modules.get('IPython')  # a kernel has imported it; nothing else need
    shell = None if ipython is None else ipython.get_ipython()
    return getattr(shell, 'kernel', None) is not None


class Display:
    """One output of the running cell: shown at the first :meth:`show`, replaced at the
    next ones."""

    def __init__(self):
        self._handle = None

    @property
    def shown(self):
        return self._handle is not None

    def show(self, text, html):
        from IPython import display
        bundle = {'text/plain': text, 'text/html': html}
        if self._handle is None:
            self._handle = display.display(bundle, raw=True, display_id=True)
        else:
            self._handle.update(bundle, raw=True)
