"""Compact example programs for what Chainer's own examples cannot show here.

``tests/compat/test_chainer_examples.py`` runs Chainer's real example scripts.
Kept here: DQN and DDPG with the structure of Chainer's reinforcement-learning examples
but tiny environments instead of OpenAI Gym (which the real ones need), and a user's test
file written with ``chainer.testing``. With a Chainer 7 interpreter
(``KUSARI_CHAINER_PYTHON``) they also run on
Chainer, which shows that they are Chainer programs.
"""

import importlib
import importlib.util
import os
import subprocess
import sys

import numpy
import pytest
from tests.compat._subprocess import REPO_ROOT
from tests._chainer_python import AVAILABLE, CHAINER_PYTHON, SKIP_REASON

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'examples')
RUNNERS = ['kusari', 'chainer']


def child_environment(runner):
    env = dict(os.environ)
    if runner == 'kusari':
        env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
    else:
        env.pop('PYTHONPATH', None)
    return env


@pytest.mark.slow
@pytest.mark.parametrize('runner', RUNNERS)
@pytest.mark.parametrize('algorithm', ['dqn', 'ddpg'])
def test_reinforcement_learning(tmp_path, runner, algorithm):
    if runner == 'chainer' and not AVAILABLE:
        pytest.skip(SKIP_REASON)
    script = os.path.join(EXAMPLES, 'reinforcement_learning.py')
    command = ([sys.executable, '-m', 'kusari.compat', script] if runner == 'kusari'
               else [CHAINER_PYTHON, script])
    args = ['--algorithm', algorithm, '--episodes', '3', '--replay-start-size', '10',
            '--batch-size', '8', '--unit', '16', '--target-update-freq', '5', '--out', 'result']
    result = subprocess.run(command + args, cwd=str(tmp_path), env=child_environment(runner),
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-6000:]
    assert result.stdout.count('episode: ') == 3
    with numpy.load(tmp_path / 'result' / (algorithm + '.npz')) as model:
        assert model['l0/W'].shape[0] == 16


# -- What is missing says so ---------------------------------------------------------------

@pytest.mark.parametrize('name', ['chainer.function_hooks', 'chainer.link_hooks',
                                  'chainer.exporters.caffe'])
def test_missing_chainer_module_names_the_alternative(name):
    """Importing a Chainer module kusari lacks: NotImplementedError naming it and what to use."""
    from kusari import compat
    from kusari.compat import _finder
    target = _finder._candidates(name)[0]
    if _module_exists(target):
        pytest.skip('{} exists now'.format(target))
    compat.install()
    try:
        with pytest.raises(NotImplementedError) as info:
            importlib.import_module(name)
    finally:
        compat.uninstall()
    assert isinstance(info.value, ImportError)
    message = str(info.value)
    assert message.startswith(name + ' is not available in kusari: ')
    assert 'compatibility table' not in message  # a specific alternative, not the generic text


def _module_exists(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


# -- A user's own test suite --------------------------------------------------------------

USER_SUITE = os.path.join(EXAMPLES, 'user_suite', 'links_and_old_functions.py')


@pytest.mark.slow
@pytest.mark.parametrize('framework', RUNNERS)
def test_user_link_test_suite_passes(tmp_path, framework):
    """LinkTestCase, LinkInitializersTestCase and an old-style Function's gradient checks.

    kusari runs the file through ``pytest -p kusari.compat`` (GPU cases skip without
    CuPy); Chainer runs it with ``-m 'not gpu'``, as Chainer's own CI does without GPUs.
    """
    (tmp_path / 'pytest.ini').write_text('[pytest]\n')
    with open(USER_SUITE) as f:
        (tmp_path / 'test_user_links.py').write_text(f.read())
    options = ['-q', '-p', 'no:cacheprovider', '-rs', '-c', str(tmp_path / 'pytest.ini'),
               '--rootdir', str(tmp_path), str(tmp_path)]
    if framework == 'kusari':
        command = [sys.executable, '-m', 'pytest', '-p', 'kusari.compat', '--strict-markers',
                   '-W', 'error'] + options
    else:
        if not AVAILABLE or subprocess.run(
                [CHAINER_PYTHON, '-c', 'import pytest'], capture_output=True).returncode:
            pytest.skip(SKIP_REASON + ', with pytest')
        command = [CHAINER_PYTHON, '-m', 'pytest', '-m', 'not gpu'] + options
    result = subprocess.run(command, cwd=str(tmp_path), env=child_environment(framework),
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    summary = result.stdout.strip().splitlines()[-1]
    # 2 dtypes x 2 batch sizes x (forward, backward) on the CPU, 1 initializers test,
    # 4 Cube tests and 1 serialization test.
    assert summary.startswith('14 passed'), summary
