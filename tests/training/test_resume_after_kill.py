"""A run killed (SIGKILL) mid-training and resumed with autoload ends exactly as a run
never stopped: same parameters, same optimizer state, same log (except the times)."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

SCRIPT = textwrap.dedent('''
    import sys
    import time

    import numpy

    import kusari.links as L
    from kusari import datasets, iterators, optimizers, training
    from kusari.training import extensions

    out, stop, pause = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    numpy.random.seed(0)
    rng = numpy.random.RandomState(1)
    x = rng.randn(40, 5).astype(numpy.float32)
    t = (x[:, 0] + x[:, 1] > 0).astype(numpy.int32)
    train = datasets.TupleDataset(x, t)
    model = L.Classifier(L.Linear(5, 2))
    optimizer = optimizers.Adam(alpha=0.05).setup(model)
    train_iter = iterators.SerialIterator(train, 8)  # 5 iterations per epoch, shuffled
    test_iter = iterators.SerialIterator(train, 16, repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer)
    trainer = training.Trainer(updater, (stop, 'iteration'), out=out)
    trainer.extend(extensions.Evaluator(test_iter, model), call_before_training=True)
    trainer.extend(extensions.ExponentialShift('alpha', 0.9), trigger=(1, 'epoch'))
    trainer.extend(extensions.LogReport(trigger=(3, 'iteration')),
                   call_before_training=True)
    # Snapshots every 7 iterations: mid-epoch, and between two log entries.
    trainer.extend(extensions.snapshot(n_retains=2, autoload=True),
                   trigger=(7, 'iteration'))
    trainer.extend(lambda trainer: time.sleep(pause), name='pause')
    trainer.run()
    final = {name: p.array for name, p in model.namedparams()}
    final['alpha'] = numpy.float64(optimizer.alpha)
    final['m'] = optimizer.target.predictor.W.update_rule.state['m']
    numpy.savez(out + '/final.npz', **final)
''')

STOP = 60  # iterations


def run_script(path, out, pause, **kwargs):
    return subprocess.Popen([sys.executable, str(path), str(out), str(STOP), str(pause)],
                            cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)


def snapshots(out):
    if not out.exists():
        return []
    return sorted(int(p.name.rsplit('_', 1)[1]) for p in out.glob('snapshot_iter_*'))


def load_log(out):
    with open(out / 'log') as f:
        return json.load(f)


def without_times(log):
    return [{k: v for k, v in entry.items() if k != 'elapsed_time'} for entry in log]


def test_killed_run_resumes_exactly(tmp_path):
    script = tmp_path / 'train.py'
    script.write_text(SCRIPT)
    full, killed = tmp_path / 'full', tmp_path / 'killed'
    reference = run_script(script, full, 0)

    victim = run_script(script, killed, 0.05)
    deadline = time.time() + 60
    while not [s for s in snapshots(killed) if s >= 21]:
        assert victim.poll() is None, victim.stdout.read().decode()
        assert time.time() < deadline, 'no snapshot was written'
        time.sleep(0.01)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    victim.stdout.close()
    assert victim.returncode == -signal.SIGKILL
    assert not (killed / 'final.npz').exists()
    left = snapshots(killed)
    assert max(left) < STOP and len(left) <= 3  # n_retains=2 (+1 written meanwhile)
    interrupted_log = load_log(killed)  # complete JSON despite the kill (atomic writes)
    assert interrupted_log[-1]['iteration'] < STOP

    resumed = run_script(script, killed, 0)
    out_resumed, _ = resumed.communicate(timeout=120)
    out_full, _ = reference.communicate(timeout=120)
    assert resumed.returncode == 0, out_resumed.decode()
    assert reference.returncode == 0, out_full.decode()

    with numpy.load(full / 'final.npz') as a, numpy.load(killed / 'final.npz') as b:
        assert sorted(a.files) == sorted(b.files)
        for name in a.files:
            numpy.testing.assert_array_equal(a[name], b[name], err_msg=name)
    log_full, log_resumed = load_log(full), load_log(killed)
    assert [e['iteration'] for e in log_full] == list(range(0, STOP + 1, 3))
    assert without_times(log_resumed) == without_times(log_full)
    times = [e['elapsed_time'] for e in log_resumed]
    assert times == sorted(times)  # the time before the kill is carried over
    assert snapshots(killed) == snapshots(full) == [49, 56]  # n_retains=2


@pytest.mark.parametrize('damage', ['truncate', 'garbage'])
def test_autoload_of_a_damaged_snapshot_names_the_file(tmp_path, damage):
    script = tmp_path / 'train.py'
    script.write_text(SCRIPT)
    out = tmp_path / 'out'
    out.mkdir()
    bad = out / 'snapshot_iter_7'
    bad.write_bytes(b'PK\x03\x04 not really a zip' if damage == 'garbage' else b'')
    result = run_script(script, out, 0)
    output, _ = result.communicate(timeout=120)
    assert result.returncode != 0
    assert 'snapshot_iter_7' in output.decode()
    assert bad.read_bytes() in (b'', b'PK\x03\x04 not really a zip')  # left as it was
