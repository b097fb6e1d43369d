"""Concurrency: MultiprocessIterator leaves no worker process behind.

A child Python process trains with a MultiprocessIterator inside a Trainer, and the run
ends badly: the dataset raises, an extension raises, Ctrl-C (SIGINT) arrives at a random
moment (also while the worker pool is being started), or the process is terminated.
Every descendant carries a token in its environment, so the test finds them in /proc
even after they have been re-parented. Where the main process survives the error, it
also lists its own children at that moment: the workers must already be gone (stopped
by the iterator, not by their watch on a dead parent).
"""

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
import uuid

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc')

CHILD = textwrap.dedent('''
    import signal

    # First of all, before the slow imports: Ctrl-C raises KeyboardInterrupt from here
    # on, even if this process was started ignoring SIGINT (as a shell's background job
    # is, and so are the children of a test run started that way).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print('READY', flush=True)

    import multiprocessing
    import os
    import sys
    import time

    import numpy

    import kusari.links as L
    from kusari import optimizers, training
    from kusari.dataset import DatasetMixin
    from kusari.iterators import MultiprocessIterator

    mode, shared_mem = sys.argv[1], int(sys.argv[2])


    def live_children():
        found = []
        for entry in os.listdir('/proc'):
            if not entry.isdigit():
                continue
            try:
                with open('/proc/{}/stat'.format(entry)) as f:
                    fields = f.read().rsplit(')', 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid() and fields[0] != 'Z':
                found.append(int(entry))
        return found


    class Data(DatasetMixin):
        def __len__(self):
            return 64

        def get_example(self, i):
            if mode == 'dataset_error' and i == 37:
                raise ValueError('broken example 37')
            time.sleep(0.002)
            x = numpy.full(3, i, numpy.float32)
            return x, numpy.int32(i % 2)


    if mode == 'interrupt_pool_start':
        # Ctrl-C (a real SIGINT) lands while the pool starts its second worker.
        real_start = multiprocessing.process.BaseProcess.start
        started = []

        def start(self):
            started.append(self)
            if len(started) == 2:
                os.kill(os.getpid(), signal.SIGINT)
            return real_start(self)

        multiprocessing.process.BaseProcess.start = start

    iterator = MultiprocessIterator(Data(), 8, n_processes=2, n_prefetch=2,
                                    shared_mem=shared_mem or None)
    model = L.Classifier(L.Linear(3, 2))
    optimizer = optimizers.SGD().setup(model)
    # Long enough for any Ctrl-C to land; the error modes fail in the first epoch.
    trainer = training.Trainer(training.updaters.StandardUpdater(iterator, optimizer),
                               (1000 if mode == 'train' else 3, 'epoch'))
    if mode == 'extension_error':
        def fail(trainer):
            if trainer.updater.iteration == 7:
                raise RuntimeError('extension failed')
        trainer.extend(fail, name='fail')
    trainer.extend(lambda t: print('STEP', flush=True) if t.updater.iteration == 1 else None,
                   name='ready')
    try:
        trainer.run(show_loop_exception_msg=False)
    except BaseException as error:
        # The main process lives on (as in an interactive session): are workers left?
        print('CAUGHT', type(error).__name__, 'children', len(live_children()), flush=True)
        sys.exit(3)
''')


def processes_with_token(token):
    """Live (non-zombie) processes whose environment holds ``token``."""
    needle = 'KUSARI_RELIABILITY_TOKEN={}'.format(token).encode()
    found = []
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/{}/environ'.format(entry), 'rb') as f:
                if needle not in f.read().split(b'\0'):
                    continue
            with open('/proc/{}/stat'.format(entry)) as f:
                if f.read().rsplit(')', 1)[1].split()[0] == 'Z':
                    continue
        except OSError:
            continue
        found.append(int(entry))
    return found


def wait_until_gone(token, timeout):
    deadline = time.monotonic() + timeout
    while processes_with_token(token) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = processes_with_token(token)
    for pid in left:  # never leave them behind, even when the test fails
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return left


def start_child(tmp_path, mode, shared_mem, token):
    script = tmp_path / 'child.py'
    script.write_text(CHILD)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, KUSARI_RELIABILITY_TOKEN=token,
               PYTHONPATH=repo + os.pathsep + os.environ.get('PYTHONPATH', ''))
    # Started ignoring SIGINT, as a background job's children are (CI may run so): a
    # Ctrl-C before the child installs its handler would be lost, so none is sent before
    # it says READY.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        child = subprocess.Popen([sys.executable, str(script), mode, str(shared_mem)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 env=env)
    finally:
        signal.signal(signal.SIGINT, previous)
    ready = child.stdout.readline().strip()
    if ready != 'READY':
        code, out, err = finish(child)
        pytest.fail('the child did not start: {!r} {}'.format(ready + out, err))
    return child


def finish(child, timeout=120):
    try:
        out, err = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            child.kill()
    return child.returncode, out, err


SLOW = pytest.mark.slow  # each run starts a Python process (about 1 s of imports)


@pytest.mark.parametrize('shared_mem', [0, pytest.param(64, marks=SLOW)])
@pytest.mark.parametrize('mode,error', [
    ('dataset_error', 'ValueError'),
    pytest.param('extension_error', 'RuntimeError', marks=SLOW),
    pytest.param('interrupt_pool_start', 'KeyboardInterrupt', marks=SLOW)])
def test_errors_stop_every_worker_before_they_propagate(tmp_path, mode, error, shared_mem):
    token = uuid.uuid4().hex
    code, out, err = finish(start_child(tmp_path, mode, shared_mem, token))
    assert code == 3, err
    assert 'CAUGHT {} children 0'.format(error) in out, out + err
    assert wait_until_gone(token, timeout=2) == []


def interrupted_before_training(code, out, err):
    """Whether a child ended by a Ctrl-C before its training loop: an unhandled
    KeyboardInterrupt (then Python ends itself by SIGINT), or, when it lands inside
    NumPy's C-extension import (a fresh environment compiling its .pyc files is slow
    there), NumPy's ImportError around it."""
    return 'STEP' not in out and (code == -signal.SIGINT and 'KeyboardInterrupt' in err
                                  or 'Importing the numpy C-extensions failed' in err)


def test_ctrl_c_while_a_child_started_ignoring_sigint_imports_stops_it(tmp_path):
    """The window of a Ctrl-C lost in CI: the test ran as a background job, so its
    children started ignoring SIGINT until they installed a handler, after their
    imports; a Ctrl-C during them went unseen and the run trained to the end (exit 0).
    Here it lands right after the handler is installed, inside the imports."""
    token = uuid.uuid4().hex
    child = start_child(tmp_path, 'train', 0, token)
    child.send_signal(signal.SIGINT)
    code, out, err = finish(child, timeout=60)
    assert ('CAUGHT KeyboardInterrupt children 0' in out
            or interrupted_before_training(code, out, err)), (code, out, err)
    assert wait_until_gone(token, timeout=2) == []


def interrupt_at_random(tmp_path, trials, seed):
    """SIGINT at a random moment of each run; returns the runs interrupted mid-training."""
    rng = random.Random(seed)
    interrupted = 0
    for trial in range(trials):
        token = uuid.uuid4().hex
        child = start_child(tmp_path, 'train', 64 * (trial % 2), token)
        # Half the runs are interrupted while starting (imports, building the trainer,
        # pool start), the rest while training.
        if trial % 2:
            assert child.stdout.readline().strip() == 'STEP'
        time.sleep(rng.uniform(0, 0.5))
        child.send_signal(signal.SIGINT)
        code, out, err = finish(child)
        if 'CAUGHT' in out:
            assert 'CAUGHT KeyboardInterrupt children 0' in out, out + err
            interrupted += 1
        else:  # never a run that goes on (a lost Ctrl-C)
            assert interrupted_before_training(code, out, err), (code, out, err)
        assert wait_until_gone(token, timeout=2) == []
    return interrupted


@pytest.mark.slow
def test_ctrl_c_at_random_moments_leaves_no_worker(tmp_path):
    assert interrupt_at_random(tmp_path, trials=4, seed=0) >= 2


@pytest.mark.slow
def test_ctrl_c_at_many_random_moments_leaves_no_worker(tmp_path):
    assert interrupt_at_random(tmp_path, trials=40, seed=1) >= 20


@pytest.mark.slow
def test_terminated_main_process_leaves_no_worker(tmp_path):
    """SIGTERM ends Python without any cleanup: the workers' watch on their parent
    must end them (within its 0.5 s period)."""
    token = uuid.uuid4().hex
    child = start_child(tmp_path, 'train', 0, token)
    assert child.stdout.readline().strip() == 'STEP'
    assert len(processes_with_token(token)) == 3  # the main process and two workers
    child.send_signal(signal.SIGTERM)
    code, _, _ = finish(child)
    assert code == -signal.SIGTERM
    assert wait_until_gone(token, timeout=5) == []
