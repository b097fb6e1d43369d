import io

import pytest

from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions


class Terminal(io.StringIO):
    def isatty(self):
        return True


def run(out, log_entries):
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    log = extensions.LogReport()
    log._log = []
    trainer.extend(log)
    printer = extensions.PrintReport(['epoch', 'main/loss', 'a_very_long_entry_name'],
                                     out=out)
    for entry in log_entries:
        log._log.append(entry)
        printer(trainer)
    return out.getvalue()


def test_prints_header_once_and_one_row_per_new_entry():
    text = run(io.StringIO(), [{'epoch': 1, 'main/loss': 0.5},
                               {'epoch': 2, 'main/loss': 0.25, 'a_very_long_entry_name': 3}])
    lines = text.splitlines()
    assert lines[0] == 'epoch       main/loss   a_very_long_entry_name'
    assert lines[1] == '1           0.5'
    assert lines[2] == '2           0.25        3'
    assert '\033' not in text  # plain text on a non-terminal


def test_terminal_output_clears_the_progress_bar_below():
    assert '\033[J1' in run(Terminal(), [{'epoch': 1, 'main/loss': 1.}])


def test_bad_arguments():
    with pytest.raises(TypeError, match='entries must be a list'):
        extensions.PrintReport('epoch')
    trainer = get_trainer_with_mock_updater()
    with pytest.raises(TypeError, match='log_report must be a LogReport'):
        extensions.PrintReport(['epoch'], log_report=3, out=io.StringIO())(trainer)


def test_key_never_reported_is_warned_about_once_at_the_end(tmp_path):
    from kusari import datasets, iterators, links, optimizers, training
    import numpy

    x = numpy.zeros((4, 3), numpy.float32)
    model = links.Classifier(links.Linear(3, 2))
    it = iterators.SerialIterator(datasets.TupleDataset(x, numpy.zeros(4, numpy.int32)), 2)
    trainer = training.Trainer(training.StandardUpdater(it, optimizers.SGD().setup(model)),
                               (2, 'epoch'), out=str(tmp_path))
    trainer.extend(extensions.LogReport(log_name=None))
    trainer.extend(extensions.PrintReport(['epoch', 'main/loss', 'main/acuracy'],
                                          out=io.StringIO()))
    with pytest.warns(UserWarning) as record:
        trainer.run()
    assert len(record) == 1
    assert str(record[0].message).startswith(
        "PrintReport: 'main/acuracy' (did you mean 'main/accuracy'?) never reported")


def test_no_warning_when_every_key_appeared_or_nothing_was_printed():
    import warnings

    printer = extensions.PrintReport(['epoch'], out=io.StringIO())
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        printer.finalize()  # nothing printed yet: no verdict
        run(io.StringIO(), [{'epoch': 1, 'main/loss': 0.5, 'a_very_long_entry_name': 1}])
