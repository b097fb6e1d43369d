"""Running Python in a child process with kusari importable."""

import os
import subprocess
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_python(args, cwd, timeout=120, input=None):
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(filter(None, [REPO_ROOT, env.get('PYTHONPATH')]))
    return subprocess.run([sys.executable] + list(args), cwd=str(cwd), env=env,
                          input=input, capture_output=True, text=True, timeout=timeout)
