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
    assert text.count('\033[4A') == 2 and text.endswith('\033[J')
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
