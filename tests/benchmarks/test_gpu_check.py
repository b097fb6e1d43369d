"""benchmarks/gpu_check.py: its plan fits 8 minutes, and without a GPU it stops at the probe."""

import json

import pytest

from benchmarks import gpu_check
from kusari import cuda


def test_the_plan_fits_eight_minutes_and_names_every_step(capsys):
    assert gpu_check.main(['--dry-run', '--out', '/nonexistent/r.json']) == 0
    printed = capsys.readouterr().out
    for step in ('probe', 'tests', 'benchmarks', 'per_op'):
        assert step in printed
    assert sum(gpu_check.LIMITS_S.values()) <= 8 * 60


@pytest.mark.skipif(cuda.available, reason='checks the run without a GPU')
def test_without_a_gpu_the_run_stops_at_the_probe_with_the_reason(tmp_path):
    out = tmp_path / 'r.json'
    assert gpu_check.main(['--steps', 'tests', '--out', str(out)]) == 2
    steps = json.loads(out.read_text())['steps']
    assert [s['step'] for s in steps] == ['probe'] and steps[0]['status'].startswith('failed')
    assert steps[0]['summary']  # the reason: CuPy missing, no driver, no device
