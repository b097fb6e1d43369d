import json
import os

import numpy
import pytest

from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions
from kusari.training.extensions import _files, log_report


def feed(trainer, extension, values):
    """Runs ``extension`` after each update with ``{'loss': v, 'acc': 2 v}``."""
    for value in values:
        trainer.updater.update()
        trainer.observation = {'loss': value, 'acc': numpy.float32(2 * value), 'text': 'x'}
        extension(trainer)


def trainer_in(tmp_path, iter_per_epoch=2):
    trainer = get_trainer_with_mock_updater((100, 'iteration'), iter_per_epoch)
    trainer.out = str(tmp_path)
    trainer._start_at = 0.  # elapsed_time is available
    return trainer


def test_logs_interval_means_and_writes_the_file(tmp_path):
    trainer = trainer_in(tmp_path)
    report = extensions.LogReport()
    feed(trainer, report, [1., 3., 5., 9., 2.])
    assert [{k: v for k, v in e.items() if k != 'elapsed_time'} for e in report.log] == [
        {'loss': 2., 'acc': 4., 'epoch': 1, 'iteration': 2},
        {'loss': 7., 'acc': 14., 'epoch': 2, 'iteration': 4}]
    assert all(e['elapsed_time'] > 0 for e in report.log)
    assert log_report.load_log(tmp_path / 'log') == report.log
    assert not [n for n in os.listdir(tmp_path) if n.startswith('.')]  # no temporary files


def test_keys_trigger_postprocess_and_filename_template(tmp_path):
    trainer = trainer_in(tmp_path)

    def postprocess(entry):
        entry['double'] = entry['loss'] * 2

    report = extensions.LogReport(keys=['loss'], trigger=(3, 'iteration'),
                                  postprocess=postprocess, filename='log_{iteration}.json')
    feed(trainer, report, [1., 2., 3., 4., 5., 6.])
    assert [(e['loss'], e['double'], e['iteration']) for e in report.log] == [
        (2., 4., 3), (5., 10., 6)]
    assert 'acc' not in report.log[0]
    assert sorted(os.listdir(tmp_path)) == ['log_3.json', 'log_6.json']
    assert extensions.LogReport(log_name=None, filename=None)._log_name is None


def test_serialize_resumes_log_and_partial_interval(tmp_path):
    trainer = trainer_in(tmp_path, iter_per_epoch=4)
    report = extensions.LogReport()
    feed(trainer, report, [1., 2., 3., 4., 10.])  # one entry, then one iteration more
    serializers.save_npz(tmp_path / 'r.npz', report)
    resumed = extensions.LogReport()
    serializers.load_npz(tmp_path / 'r.npz', resumed)
    assert resumed.log == report.log
    feed(trainer, resumed, [20., 30., 40.])
    assert resumed.log[-1]['loss'] == 25.  # the mean of 10, 20, 30, 40


def test_damaged_log_file_names_the_file(tmp_path):
    path = tmp_path / 'log'
    path.write_text('[{"epoch": 1, "main/loss": 0.')
    with pytest.raises(ValueError, match=r'log: LogReport: the saved log is not valid JSON'):
        log_report.load_log(str(path))
    path.write_text('{"epoch": 1}')
    with pytest.raises(ValueError, match='must be a JSON list of objects'):
        log_report.load_log(str(path))


def test_a_failed_write_keeps_the_previous_file(tmp_path):
    path = tmp_path / 'log'
    _files.write_text(path, json.dumps([{'epoch': 1}]))

    def crash(f):
        f.write(b'[{"epo')
        raise KeyboardInterrupt  # e.g. Ctrl-C in the middle of a write

    with pytest.raises(KeyboardInterrupt):
        _files.atomic_write(path, crash)
    assert json.loads(path.read_text()) == [{'epoch': 1}]
    assert os.listdir(tmp_path) == ['log']
    assert oct(os.stat(path).st_mode & 0o777) != oct(0o600)  # umask-respecting mode


def test_unknown_argument():
    with pytest.raises(TypeError, match='LogReport: unexpected argument'):
        extensions.LogReport(file_name='x')
