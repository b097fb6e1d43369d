"""``python -m kusari.compat [-m MODULE | SCRIPT] [ARGS...]``: run Chainer code on kusari."""

import os
import runpy
import sys

from kusari import compat
from kusari.compat import _shim

_USAGE = '''usage: python -m kusari.compat SCRIPT [ARGS...]
       python -m kusari.compat -m MODULE [ARGS...]

Runs a Chainer program with `import chainer`, `chainermn` and `chainerx`
resolving to kusari, in its child Python processes too. SCRIPT and MODULE
run as `python SCRIPT` and `python -m MODULE` would, with ARGS in sys.argv.'''


def main(argv=None):
    """Runs the script or module named in ``argv`` (default ``sys.argv[1:]``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ('-h', '--help'):
        print(_USAGE)
        return 0 if argv else 2
    compat.install()
    _shim.export_to_children()
    if argv[0] == '-m':
        if len(argv) < 2:
            print('python -m kusari.compat: -m needs a module name\n\n' + _USAGE,
                  file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name='__main__', alter_sys=True)
        return 0
    script = argv[0]
    if not os.path.exists(script):
        print('python -m kusari.compat: cannot open {!r}: no such file'.format(script),
              file=sys.stderr)
        return 2
    sys.argv = argv
    # As `python SCRIPT` does: the script's folder comes first on sys.path.
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    runpy.run_path(script, run_name='__main__')
    return 0


if __name__ == '__main__':
    sys.exit(main())
