import os

import numpy
import pytest

import kusari.links as L
from kusari import serializers
from kusari.serializers._common import SerializationError
from kusari.training import extensions
from kusari.training.extensions import _snapshot


def names(out):
    return sorted(n for n in os.listdir(out) if not n.startswith('.'))


def params(link):
    return {name: p.array.copy() for name, p in link.namedparams()}


def test_snapshots_per_epoch_and_n_retains(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(4, 'epoch'))
    trainer.extend(extensions.snapshot(n_retains=2))
    trainer.extend(extensions.snapshot(filename='every_{.updater.iteration}'),
                   trigger=(4, 'iteration'))
    trainer.run()
    out = tmp_path / 'result'
    assert names(out) == ['every_12', 'every_4', 'every_8', 'snapshot_iter_12',
                          'snapshot_iter_9']
    assert not [n for n in os.listdir(out) if n.startswith('.')]  # no temporary files left
    other = trainer_factory(stop=(4, 'epoch'), out=tmp_path / 'other')
    serializers.load_npz(out / 'snapshot_iter_12', other)
    assert other.updater.iteration == 12
    model = trainer.updater.get_optimizer('main').target
    loaded = other.updater.get_optimizer('main').target
    for name, value in params(model).items():
        numpy.testing.assert_array_equal(params(loaded)[name], value)


def test_autoload_resumes_from_the_latest_snapshot(trainer_factory, tmp_path):
    first = trainer_factory(stop=(2, 'epoch'))
    first.extend(extensions.snapshot(autoload=True), trigger=(1, 'epoch'))
    first.run()
    second = trainer_factory(stop=(3, 'epoch'))
    second.extend(extensions.snapshot(autoload=True), trigger=(1, 'epoch'))
    second.run()
    assert second.updater.iteration == 9  # continued from iteration 6, not from 0
    assert names(tmp_path / 'result') == ['snapshot_iter_3', 'snapshot_iter_6',
                                          'snapshot_iter_9']
    fresh = trainer_factory(stop=(1, 'epoch'), out=tmp_path / 'empty')
    fresh.extend(extensions.snapshot(autoload=True))
    fresh.run()  # nothing to load: starts from the beginning
    assert fresh.updater.iteration == 3


def test_temporaries_of_killed_writes_are_removed_when_training_starts(trainer_factory,
                                                                        tmp_path):
    out = tmp_path / 'result'
    out.mkdir()
    # what a kill in the middle of writes leaves: the snapshot writers' hidden directory
    # and LogReport's hidden file, besides files that are none of these writes' business
    (out / '.tmp_snapshot_iter_3.k2x_9abc').mkdir()
    (out / '.tmp_snapshot_iter_3.k2x_9abc' / 'snapshot_iter_3').write_bytes(b'partial')
    (out / '.log.0123abcd.tmp').write_bytes(b'[{')
    kept = ['.tmp_other_3.k2x_9abc', '.notes.0123abcd.tmp', 'snapshot_iter_1', '.hidden']
    for name in kept:
        (out / name).write_bytes(b'')
    trainer = trainer_factory(stop=(1, 'epoch'))
    trainer.extend(extensions.snapshot())
    trainer.extend(extensions.LogReport())
    trainer.run()
    hidden = sorted(n for n in os.listdir(out) if n.startswith('.'))
    assert hidden == sorted(n for n in kept if n.startswith('.'))
    assert (out / 'snapshot_iter_1').exists() and (out / 'snapshot_iter_3').exists()


def test_find_snapshots_orders_by_time_then_number(tmp_path):
    for name in ('snap_10', 'snap_9', 'snap_x', 'other_1', '.snap_11.tmp'):
        (tmp_path / name).write_bytes(b'')
        os.utime(tmp_path / name, (1000, 1000))
    (tmp_path / 'snap_dir_5').mkdir()
    assert _snapshot._find_snapshot_files('snap_{.updater.iteration}', str(tmp_path)) == [
        (1000, 'snap_9'), (1000, 'snap_10'), (1000, 'snap_x')]
    assert _snapshot._find_latest_snapshot('snap_{}', str(tmp_path)) == 'snap_x'
    os.utime(tmp_path / 'snap_9', (2000, 2000))
    assert _snapshot._find_latest_snapshot('snap_{}', str(tmp_path)) == 'snap_9'
    assert list(_snapshot._find_stale_snapshots('snap_{}', str(tmp_path), 2)) == ['snap_10']
    with pytest.warns(DeprecationWarning, match='num_retain'):
        assert list(_snapshot._find_stale_snapshots('snap_{}', str(tmp_path), None,
                                                    num_retain=5)) == []
    assert _snapshot._find_latest_snapshot('snap_{}', str(tmp_path / 'missing')) is None


def test_snapshot_of_another_model_is_a_clear_error(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(1, 'epoch'))
    trainer.extend(extensions.snapshot())
    trainer.run()
    path = tmp_path / 'result' / 'snapshot_iter_3'
    bigger = trainer_factory(stop=(2, 'epoch'), out=tmp_path / 'b')
    bigger.updater.get_optimizer('main').target.predictor.add_param('extra', (2,))
    with pytest.raises(KeyError, match='snapshot_iter_3.*predictor/extra'):
        serializers.load_npz(path, bigger)
    other = trainer_factory(stop=(2, 'epoch'), out=tmp_path / 'result')
    model = other.updater.get_optimizer('main').target
    model.predictor = None
    with model.init_scope():
        model.predictor = L.Linear(4, 2)
    before = params(model)
    other.extend(extensions.snapshot(autoload=True))
    with pytest.raises(SerializationError, match='snapshot_iter_3.*shape'):
        other.run(show_loop_exception_msg=False)
    for name, value in before.items():  # nothing was half-loaded
        numpy.testing.assert_array_equal(params(model)[name], value)
    assert other.updater.iteration == 0


def test_a_crash_while_writing_keeps_the_previous_snapshot(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(2, 'epoch'))
    calls = []

    def flaky_save(path, target):
        calls.append(path)
        if len(calls) == 2:
            with open(path, 'wb') as f:
                f.write(b'PK half a file')
            raise OSError('disk full')
        serializers.save_npz(path, target)

    trainer.extend(extensions.snapshot(savefun=flaky_save, filename='snapshot'))
    with pytest.raises(OSError, match='disk full'):
        trainer.run(show_loop_exception_msg=False)
    out = tmp_path / 'result'
    assert names(out) == ['snapshot']
    assert not [n for n in os.listdir(out) if n.startswith('.')]
    check = trainer_factory(out=tmp_path / 'c')
    serializers.load_npz(out / 'snapshot', check)  # the first snapshot, whole
    assert check.updater.iteration == 3


def test_condition_snapshot_on_error_and_snapshot_object(trainer_factory, tmp_path):
    trainer = trainer_factory(stop=(3, 'epoch'))
    model = trainer.updater.get_optimizer('main').target
    trainer.extend(extensions.snapshot(condition=lambda: False))
    trainer.extend(extensions.snapshot(snapshot_on_error=True, filename='on_error'),
                   trigger=(100, 'epoch'))
    trainer.extend(extensions.snapshot_object(model, 'model_{.updater.epoch}'))

    def fail(trainer):
        if trainer.updater.iteration == 5:
            raise RuntimeError('boom')

    trainer.extend(fail, name='fail')
    with pytest.raises(RuntimeError, match='boom'):
        trainer.run(show_loop_exception_msg=False)
    assert names(tmp_path / 'result') == ['model_1', 'on_error']
    copy = L.Classifier(L.Linear(3, 2))
    serializers.load_npz(tmp_path / 'result' / 'model_1', copy)


def test_hdf5_snapshots_autoload_with_load_hdf5(trainer_factory, tmp_path):
    pytest.importorskip('h5py')
    def make(stop):
        trainer = trainer_factory(stop=stop)
        trainer.extend(extensions.snapshot(savefun=serializers.save_hdf5, autoload=True))
        trainer.extend(extensions.LogReport(trigger=(2, 'iteration')))
        trainer.extend(extensions.PlotReport(['main/loss'], filename='p.png'))
        return trainer

    make((1, 'epoch')).run()
    second = make((2, 'epoch'))
    second.run()
    assert second.updater.iteration == 6
    assert [e['iteration'] for e in second.get_extension('LogReport').log] == [2, 4, 6]
    assert [x for x, _ in second.get_extension('PlotReport')._data['main/loss']] == [3, 6]


def test_bad_arguments():
    writer = extensions.snapshot_writers.SimpleWriter()
    with pytest.raises(TypeError, match='give savefun or writer, not both'):
        extensions.snapshot(savefun=serializers.save_npz, writer=writer)
    with pytest.raises(TypeError, match="snapshot: unexpected argument"):
        extensions.snapshot(retain=3)
    with pytest.raises(ValueError, match='autoload needs filename to be a format string'):
        extensions.snapshot(filename=lambda trainer: 'x', autoload=True)
    with pytest.raises(TypeError, match="snapshot_object: unexpected"):
        extensions.snapshot_object(None, 'x', trigger=(1, 'epoch'))


def test_a_failed_autoload_finalizes_and_takes_no_error_snapshot(trainer_factory, tmp_path):
    out = tmp_path / 'result'
    out.mkdir()
    (out / 'snapshot_iter_3').write_bytes(b'')
    trainer = trainer_factory(stop=(1, 'epoch'))
    finalized = []
    trainer.updater.finalize = lambda: finalized.append('updater')
    trainer.extend(extensions.snapshot(autoload=True, snapshot_on_error=True))
    with pytest.raises(SerializationError, match='snapshot_iter_3: not a readable NPZ'):
        trainer.run()
    assert finalized == ['updater']
    assert names(out) == ['snapshot_iter_3'] and (out / 'snapshot_iter_3').read_bytes() == b''
