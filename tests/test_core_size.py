"""The graph core stays small enough to read in one sitting (a size budget, as tinygrad keeps)."""

import pathlib

import kusari.core

BUDGET_LINES = 1600


def test_core_fits_its_size_budget():
    lines = pathlib.Path(kusari.core.__file__).read_text().count('\n')
    assert lines <= BUDGET_LINES, 'kusari/core.py has {} lines; the budget is {}'.format(
        lines, BUDGET_LINES)
