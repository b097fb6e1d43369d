import io

import pytest

from kusari.training.extensions import util


class TwoLines(util.ProgressBar):
    def get_lines(self):
        return ['a\n', 'b\n']


def test_progress_bar_draws_in_place_and_erases():
    out = io.StringIO()
    bar = TwoLines(out=out)
    bar.update()
    assert out.getvalue() == '\033[Ja\nb\n\033[2A'
    bar.close()
    assert out.getvalue().endswith('\033[2A\033[J')


def test_update_speed():
    bar = TwoLines(out=io.StringIO())
    assert bar.update_speed(0, 0.) == (float('inf'), float('inf'))
    bar._recent_timing[0] = (0, 0., bar._recent_timing[0][2] - 2.)  # two seconds ago
    speed_t, speed_e = bar.update_speed(10, 0.5)
    assert speed_t == pytest.approx(5, rel=1e-2) and speed_e == pytest.approx(0.25, rel=1e-2)


def test_get_lines_is_abstract():
    with pytest.raises(NotImplementedError, match='get_lines'):
        util.ProgressBar(out=io.StringIO()).update()
