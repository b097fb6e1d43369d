import unittest.mock

import pytest

from kusari import serializers
from kusari.training import triggers


def test_fires_once_per_period_of_elapsed_time(tmp_path):
    trainer = unittest.mock.Mock()
    trigger = triggers.TimeTrigger(1.0)
    fired = []
    for now in (0.2, 0.9, 1.0, 1.5, 2.1, 4.5, 4.6):
        trainer.elapsed_time = now
        fired.append(trigger(trainer))
    # Chainer's rule: fire when past the next time, which then moves one period on
    # (so a late check catches up one period per call).
    assert fired == [False, False, False, True, True, True, True]
    serializers.save_npz(tmp_path / 't.npz', trigger)
    other = triggers.TimeTrigger(1.0)
    serializers.load_npz(tmp_path / 't.npz', other)
    trainer.elapsed_time = 3.5
    assert not other(trainer)  # the next firing is after 5.0
    trainer.elapsed_time = 5.1
    assert other(trainer)
    with pytest.raises(ValueError, match='TimeTrigger: period must be a positive'):
        triggers.TimeTrigger(0)
