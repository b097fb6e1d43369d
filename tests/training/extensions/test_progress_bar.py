import io
import re

import pytest

from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions, triggers


class Terminal(io.StringIO):
    def isatty(self):
        return True


def run(out, stop=(4, 'epoch'), **kwargs):
    trainer = get_trainer_with_mock_updater(stop, iter_per_epoch=10)
    bar = extensions.ProgressBar(out=out, **kwargs)
    trainer.extend(bar)
    trainer.run()
    return out.getvalue()


def test_plain_lines_on_a_non_terminal():
    lines = run(io.StringIO(), update_interval=10).splitlines()
    assert len(lines) == 4
    assert lines[0].startswith('25.00% of 4 epochs: iteration 10, epoch 1, ')
    assert lines[-1].startswith('100.00% of 4 epochs: iteration 40, epoch 4, ')
    assert re.search(r'[\d.]+ iters/sec, ETA 0:00:00$', lines[-1])
    assert '\033' not in ''.join(lines)


def test_redraws_in_place_on_a_terminal():
    text = run(Terminal(), stop=(30, 'iteration'), update_interval=15, bar_length=10)
    # Iterations 15 and 30, and the first epoch's end (10), which no update preceded.
    assert text.count('\033[4A') == 3 and text.endswith('\033[J')
    assert '     total [#####.....] 50.00%' in text
    assert 'this epoch [#####.....] 50.00%' in text  # iteration 15 of 10 per epoch
    assert '        30 iter, 3 epoch / 30 iterations' in text
    assert 'iters/sec. Estimated time to finish: 0:00:00.' in text


def test_training_length_is_needed():
    trainer = get_trainer_with_mock_updater(triggers.OnceTrigger(), 10)
    bar = extensions.ProgressBar(out=io.StringIO())
    trainer.updater.update()
    with pytest.raises(ValueError, match='give training_length'):
        bar(trainer)
    with pytest.raises(ValueError, match='update_interval must be a positive int'):
        extensions.ProgressBar(update_interval=0)


def test_short_run_shows_the_first_epoch_and_the_end_on_a_non_terminal():
    lines = run(io.StringIO(), stop=(25, 'iteration'), update_interval=100).splitlines()
    assert len(lines) == 2
    assert lines[0].startswith('40.00% of 25 iterations: iteration 10, epoch 1, ')
    assert lines[1].startswith('100.00% of 25 iterations: iteration 25, epoch 2, ')


def test_terminal_is_redrawn_about_once_a_second(monkeypatch):
    from kusari.training.extensions import progress_bar
    clock = iter(range(10 ** 6))
    monkeypatch.setattr(progress_bar.time, 'time', lambda: next(clock) * 0.4)
    text = run(Terminal(), stop=(9, 'iteration'), update_interval=100)
    # Calls at 0.4 s steps from the first: redrawn once 1 s has passed since the last draw.
    drawn = re.findall(r'(\d+) iter, ', text)
    assert drawn == ['4', '7'], drawn
    assert text.endswith('\033[J')
