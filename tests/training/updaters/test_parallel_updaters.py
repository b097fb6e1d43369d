import pytest

from kusari import training


@pytest.mark.parametrize('make', [
    lambda: training.updaters.ParallelUpdater(None, None, devices={'main': 0, 'second': 1}),
    lambda: training.updaters.MultiprocessParallelUpdater([], None, devices=[0, 1]),
])
def test_data_parallel_updaters_say_they_are_not_implemented(make):
    with pytest.raises(NotImplementedError, match='not implemented in kusari.*GPU.*'
                                                  'StandardUpdater'):
        make()
    assert training.ParallelUpdater is training.updaters.ParallelUpdater
    assert not training.updaters.MultiprocessParallelUpdater.available()
