"""TensorBoardReport: tensorboard's own reader reads back what LogReport logged, at the
right steps, also after a run was killed and resumed from a snapshot."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy
import pytest

from kusari.training import extensions

event_accumulator = pytest.importorskip(
    'tensorboard.backend.event_processing.event_accumulator')

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


def read_events(logdir):
    # size_guidance 0: keep every event (the default samples long series)
    reader = event_accumulator.EventAccumulator(str(logdir), size_guidance={
        event_accumulator.SCALARS: 0, event_accumulator.HISTOGRAMS: 0})
    reader.Reload()
    return reader


def assert_scalars_match_log(reader, log):
    """Every value LogReport logged is a scalar at its entry's iteration, once."""
    keys = {key for entry in log for key in entry if key != 'iteration'}
    assert set(reader.Tags()['scalars']) == keys
    for key in keys:
        expected = [(e['iteration'], e[key]) for e in log if key in e]
        events = reader.Scalars(key)
        assert [event.step for event in events] == [step for step, _ in expected], key
        numpy.testing.assert_allclose([event.value for event in events],
                                      [value for _, value in expected], rtol=1e-6)


def test_scalars_and_histograms_read_back(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(8, 'iteration'))  # 3 iterations per epoch
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')), call_before_training=True)
    trainer.extend(extensions.TensorBoardReport(histograms=True, bins=7))
    trainer.run()
    log = trainer.get_extension('LogReport').log
    assert [e['iteration'] for e in log] == [0, 2, 4, 6, 8]
    reader = read_events(tmp_path / 'result')
    assert_scalars_match_log(reader, log)
    model = trainer.updater.get_optimizer('main').target
    tags = set(reader.Tags()['histograms'])
    assert tags == {'main/predictor/W', 'main/predictor/b',
                    'main/predictor/W/grad', 'main/predictor/b/grad'}
    last = reader.Histograms('main/predictor/W')[-1]
    assert last.step == 8
    W = model.predictor.W.array
    assert last.histogram_value.num == W.size == sum(last.histogram_value.bucket)
    assert len(last.histogram_value.bucket) == 7
    assert last.histogram_value.min == pytest.approx(W.min())
    assert last.histogram_value.max == pytest.approx(W.max())
    # Written at the iteration they are taken in: the entry of iteration 0 (logged
    # before training) reaches this extension, which is not called then, at iteration 1.
    for tag in tags:
        assert [event.step for event in reader.Histograms(tag)] == [1, 2, 4, 6, 8], tag


def test_logdir_under_out_and_custom_loop(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(2, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.TensorBoardReport(logdir='tb'))
    trainer.run()
    assert_scalars_match_log(read_events(tmp_path / 'result' / 'tb'),
                             trainer.get_extension('LogReport').log)

    report = extensions.TensorBoardReport(logdir=str(tmp_path / 'loop'))
    for step in range(3):
        report.add_scalars({'loss': 1.0 / (step + 1), 'note': 'skipped', 'n': numpy.int64(4)},
                           step)
    report.close()
    reader = read_events(tmp_path / 'loop')
    assert sorted(reader.Tags()['scalars']) == ['loss', 'n']
    assert [(e.step, e.value) for e in reader.Scalars('loss')] == [
        (0, 1.0), (1, 0.5), (2, pytest.approx(1 / 3))]


def test_custom_loop_needs_a_logdir():
    report = extensions.TensorBoardReport()
    with pytest.raises(ValueError, match='logdir'):
        report.add_scalars({'loss': 1.0}, 0)


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
    model = L.Classifier(L.Linear(5, 2))
    optimizer = optimizers.Adam(alpha=0.05).setup(model)
    train_iter = iterators.SerialIterator(datasets.TupleDataset(x, t), 8)
    trainer = training.Trainer(training.StandardUpdater(train_iter, optimizer),
                               (stop, 'iteration'), out=out)
    trainer.extend(extensions.LogReport(trigger=(2, 'iteration')), call_before_training=True)
    trainer.extend(extensions.TensorBoardReport())
    trainer.extend(extensions.snapshot(autoload=True), trigger=(7, 'iteration'))
    trainer.extend(lambda trainer: time.sleep(pause), name='pause')
    trainer.run()
''')


def run_script(script, out, stop, pause):
    return subprocess.Popen([sys.executable, str(script), str(out), str(stop), str(pause)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def test_killed_run_resumes_without_duplicate_steps(tmp_path):
    script = tmp_path / 'train.py'
    script.write_text(SCRIPT)
    out, stop = tmp_path / 'killed', 30
    victim = run_script(script, out, stop, 0.05)
    deadline = time.time() + 60
    # Killed once the log has gone past the snapshot of iteration 14: entries 16, 18, ...
    # are in the event file and the resumed run writes them again.
    while not (out / 'snapshot_iter_14').exists() or not (out / 'log').exists() \
            or json.loads((out / 'log').read_text())[-1]['iteration'] < 18:
        assert victim.poll() is None, victim.stdout.read().decode()
        assert time.time() < deadline, 'the run did not get far enough'
        time.sleep(0.01)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    victim.stdout.close()
    killed_at = json.loads((out / 'log').read_text())[-1]['iteration']
    assert killed_at < stop
    before = read_events(out)
    assert max(event.step for event in before.Scalars('main/loss')) >= 16

    resumed = run_script(script, out, stop, 0)
    output, _ = resumed.communicate(timeout=120)
    assert resumed.returncode == 0, output.decode()
    assert len(list(out.glob('events.out.tfevents.*'))) == 2
    log = json.loads((out / 'log').read_text())
    assert [e['iteration'] for e in log] == list(range(0, stop + 1, 2))
    assert_scalars_match_log(read_events(out), log)
