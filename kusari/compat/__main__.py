"""``python -m kusari.compat [-c CODE | -m MODULE | SCRIPT | -] [ARGS...]``: run Chainer code on
kusari."""

import builtins
import os
import runpy
import sys
import types

from kusari import compat
from kusari.compat import _shim

_USAGE = '''usage: python -m kusari.compat SCRIPT [ARGS...]
       python -m kusari.compat -m MODULE [ARGS...]
       python -m kusari.compat -c CODE [ARGS...]
       python -m kusari.compat - [ARGS...]

Runs a Chainer program with `import chainer`, `chainermn` and `chainerx`
resolving to kusari, in its child Python processes too. SCRIPT, MODULE,
CODE and the program read from standard input (-) run as `python SCRIPT`,
`python -m MODULE`, `python -c CODE` and `python -` would, with ARGS in
sys.argv.'''


# Installed with Chainer 7.8.1 (its install_requires) and imported by Chainer programs.
_CHAINER_DEPENDENCIES = {'six', 'filelock', 'typing_extensions'}


def _run_source(source, filename):
    """Runs ``source`` as the __main__ module, as ``python -c`` and ``python -`` do."""
    main = types.ModuleType('__main__')
    main.__builtins__ = builtins
    saved = sys.modules['__main__']
    sys.modules['__main__'] = main  # what pickle and multiprocessing look up
    try:
        exec(compile(source, filename, 'exec'), vars(main))
    finally:
        sys.modules['__main__'] = saved


def main(argv=None):
    """Runs the script or module named in ``argv`` (default ``sys.argv[1:]``)."""
    try:
        return _run(argv)
    except ModuleNotFoundError as error:
        if error.name in _CHAINER_DEPENDENCIES:
            error.add_note("Installing Chainer brought {} along, installing kusari does not: "
                           "pip install 'kusari[chainer]' adds what Chainer 7.8.1 installed "
                           "with itself ({})".format(error.name,
                                                     ', '.join(sorted(_CHAINER_DEPENDENCIES))))
        raise


def _run(argv):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ('-h', '--help'):
        print(_USAGE)
        return 0 if argv else 2
    compat.install()
    _shim.export_to_children()
    if argv[0] in ('-m', '-c') and len(argv) < 2:
        what = 'a module name' if argv[0] == '-m' else 'the code to run'
        print('python -m kusari.compat: {} needs {}\n\n{}'.format(argv[0], what, _USAGE),
              file=sys.stderr)
        return 2
    if argv[0] == '-m':
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name='__main__', alter_sys=True)
        return 0
    if argv[0] in ('-c', '-'):
        # As Python sets them: sys.argv[0] is '-c' (the code is not in sys.argv) or '-',
        # and the current folder ('') comes first on sys.path.
        source, filename, args = ((argv[1], '<string>', argv[2:]) if argv[0] == '-c'
                                  else (sys.stdin.read(), '<stdin>', argv[1:]))
        sys.argv = [argv[0]] + args
        sys.path[0] = ''
        _run_source(source, filename)
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
