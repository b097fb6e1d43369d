import numpy
import pytest

from kusari import serializers
from kusari.training import triggers


def test_fires_once_and_again_after_resume_when_asked(tmp_path):
    trigger = triggers.OnceTrigger()
    assert [trigger(None) for _ in range(3)] == [True, False, False]
    assert trigger.finished
    serializers.save_npz(tmp_path / 't.npz', trigger)
    for call_on_resume, expected in ((False, [False, False]), (True, [True, False])):
        resumed = triggers.OnceTrigger(call_on_resume=call_on_resume)
        serializers.load_npz(tmp_path / 't.npz', resumed)
        assert [resumed(None) for _ in range(2)] == expected


def test_snapshot_without_the_flag_counts_as_called(tmp_path):
    numpy.savez(tmp_path / 'old.npz', dummy=0)
    trigger = triggers.OnceTrigger()
    with pytest.warns(UserWarning, match='no flag'):
        serializers.load_npz(tmp_path / 'old.npz', trigger)
    assert not trigger(None)
