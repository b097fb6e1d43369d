import os
import re
import textwrap
import tomllib

import pytest
from tests.compat._subprocess import REPO_ROOT, run_python

from kusari.compat import __main__ as compat_main

_REPORT = textwrap.dedent('''
    import sys
    import chainer
    import kusari
    print('argv', sys.argv)
    print('name', __name__)
    print('path0', sys.path[0])
    print('same', chainer is kusari)
''')


def _write(path, text):
    path.write_text(textwrap.dedent(text))
    return path


def test_runs_a_script_like_python_does(tmp_path):
    script = _write(tmp_path / 'train.py', _REPORT)
    result = run_python(['-m', 'kusari.compat', str(script), '--epoch', '3'], cwd=os.getcwd())
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines == ["argv ['{}', '--epoch', '3']".format(script), 'name __main__',
                     'path0 {}'.format(tmp_path), 'same True']


def test_script_folder_modules_are_importable(tmp_path):
    _write(tmp_path / 'net.py', 'import chainer\nclass MLP(chainer.Chain):\n    pass\n')
    script = _write(tmp_path / 'main.py', 'import net, kusari\nprint(issubclass(net.MLP, '
                                          'kusari.Chain))\n')
    result = run_python(['-m', 'kusari.compat', str(script)], cwd=os.getcwd())
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == 'True'


def test_runs_a_module(tmp_path):
    _write(tmp_path / 'report_module.py', _REPORT)
    result = run_python(['-m', 'kusari.compat', '-m', 'report_module', 'x'], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "argv ['{}', 'x']".format(tmp_path / 'report_module.py')
    assert lines[1:2] == ['name __main__'] and lines[-1] == 'same True'


def test_runs_code_given_with_dash_c_like_python_does(tmp_path):
    code = _REPORT + textwrap.dedent('''
        import pickle
        class Point:
            pass
        print('pickled', type(pickle.loads(pickle.dumps(Point()))) is Point)
    ''')
    result = run_python(['-m', 'kusari.compat', '-c', code, 'a', '-b'], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["argv ['-c', 'a', '-b']", 'name __main__', 'path0 ',
                                          'same True', 'pickled True']
    result = run_python(['-m', 'kusari.compat', '-c', 'import chainer; 1 / 0'], cwd=tmp_path)
    assert result.returncode == 1
    assert 'File "<string>", line 1' in result.stderr and 'ZeroDivisionError' in result.stderr


def test_runs_a_program_read_from_standard_input(tmp_path):
    result = run_python(['-m', 'kusari.compat', '-', 'x'], cwd=tmp_path, input=_REPORT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["argv ['-', 'x']", 'name __main__', 'path0 ',
                                          'same True']


def test_exit_status_and_errors_propagate(tmp_path):
    exits = _write(tmp_path / 'exits.py', 'import sys\nsys.exit(3)\n')
    assert run_python(['-m', 'kusari.compat', str(exits)], cwd=tmp_path).returncode == 3
    fails = _write(tmp_path / 'fails.py', 'import chainer.no_such_module\n')
    result = run_python(['-m', 'kusari.compat', str(fails)], cwd=tmp_path)
    assert result.returncode == 1
    assert 'ChainerModuleNotAvailable: chainer.no_such_module is not available' in result.stderr


def test_a_missing_module_chainer_installed_names_the_extra(tmp_path):
    # sys.modules[name] = None makes the import fail as if the package were not installed.
    code = "import sys; sys.modules['{}'] = None; import chainer, {}"
    result = run_python(['-m', 'kusari.compat', '-c', code.format('six', 'six')], cwd=tmp_path)
    assert result.returncode == 1
    assert "Installing Chainer brought six along" in result.stderr
    assert "pip install 'kusari[chainer]'" in result.stderr
    result = run_python(['-m', 'kusari.compat', '-c', code.format('scipy', 'scipy')],
                        cwd=tmp_path)
    assert result.returncode == 1 and 'kusari[chainer]' not in result.stderr


def test_the_chainer_extra_lists_what_the_note_names():
    with open(os.path.join(REPO_ROOT, 'pyproject.toml'), 'rb') as f:
        extras = tomllib.load(f)['project']['optional-dependencies']
    names = {re.match(r'[A-Za-z0-9_.-]+', spec).group(0) for spec in extras['chainer']}
    assert names == compat_main._CHAINER_DEPENDENCIES


def test_usage(tmp_path):
    result = run_python(['-m', 'kusari.compat', '--help'], cwd=tmp_path)
    assert result.returncode == 0 and 'usage: python -m kusari.compat SCRIPT' in result.stdout
    assert run_python(['-m', 'kusari.compat'], cwd=tmp_path).returncode == 2
    result = run_python(['-m', 'kusari.compat', 'missing.py'], cwd=tmp_path)
    assert result.returncode == 2 and "cannot open 'missing.py'" in result.stderr
    result = run_python(['-m', 'kusari.compat', '-m'], cwd=tmp_path)
    assert result.returncode == 2 and '-m needs a module name' in result.stderr
    result = run_python(['-m', 'kusari.compat', '-c'], cwd=tmp_path)
    assert result.returncode == 2 and '-c needs the code to run' in result.stderr


def test_unmodified_chainer_program(tmp_path):
    script = _write(tmp_path / 'program.py', '''
        import numpy as np
        import chainer, chainer.functions as F
        import chainer.links as L
        from chainer import training
        import kusari

        x = chainer.Variable(np.array([1.0, 2.0, 3.0], dtype=np.float32))
        y = F.sum(x * x)
        y.backward()
        assert isinstance(y, kusari.Variable) and isinstance(x, chainer.Variable)
        assert chainer.functions is kusari.functions and training is kusari.training
        assert isinstance(L.Linear(3, 2), kusari.Link)
        print(x.grad.tolist())
    ''')
    result = run_python(['-m', 'kusari.compat', str(script)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[2.0, 4.0, 6.0]'


@pytest.mark.slow
def test_child_processes_get_kusari_too(tmp_path):
    script = _write(tmp_path / 'workers.py', '''
        import multiprocessing
        import subprocess
        import sys

        import chainer


        def child(queue):
            import chainer.functions
            queue.put((chainer.__name__, chainer.functions.__name__))


        if __name__ == '__main__':
            # A spawned child re-imports this script without the parent's import hook.
            context = multiprocessing.get_context('spawn')
            queue = context.Queue()
            process = context.Process(target=child, args=(queue,))
            process.start()
            print(queue.get(timeout=60))
            process.join()
            code = 'import chainer, chainerx; print(chainer.__name__, chainerx.is_available())'
            print(subprocess.run([sys.executable, '-c', code], capture_output=True,
                                 text=True, check=True).stdout.strip())
    ''')
    result = run_python(['-m', 'kusari.compat', str(script)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["('kusari', 'kusari.functions')", 'kusari False']
