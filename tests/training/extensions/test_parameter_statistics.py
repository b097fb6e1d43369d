import numpy
import pytest

import kusari.links as L
from kusari import reporter
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions


def test_reports_statistics_of_data_and_grads():
    link = L.Linear(3, 2)
    link.cleargrads()  # new parameters' gradients are NaN, as in Chainer
    link.W.array[...] = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    link.W.grad = numpy.full((2, 3), 2, numpy.float32)
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 1)
    stats = extensions.ParameterStatistics(link, prefix='p')
    stats.register_statistics('norm', lambda x: numpy.linalg.norm(x))
    trainer.updater.update()
    observation = {}
    with reporter.Reporter().scope(observation):
        stats(trainer)
    w = numpy.arange(6)
    assert observation['p/None/W/data/mean'] == pytest.approx(2.5)
    assert observation['p/None/W/data/std'] == pytest.approx(w.std())
    assert observation['p/None/W/data/min'] == 0 and observation['p/None/W/data/max'] == 5
    assert observation['p/None/W/data/zeros'] == 1
    assert observation['p/None/W/data/norm'] == pytest.approx(numpy.linalg.norm(w))
    percentiles = [observation['p/None/W/data/percentile/{}'.format(i)] for i in range(7)]
    assert percentiles == pytest.approx(numpy.percentile(w, [0.13, 2.28, 15.87, 50, 84.13,
                                                             97.72, 99.87]))
    assert observation['p/None/W/grad/mean'] == 2
    # b has no gradient yet: NaN statistics (Chainer's gradients start as NaN)
    assert numpy.isnan(observation['p/None/b/grad/mean'])
    assert observation['p/None/b/data/zeros'] == 2


def test_interval_mean_and_nan_skipping():
    link = L.Linear(1, 1)
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 2)
    stats = extensions.ParameterStatistics([link], statistics={'mean': numpy.mean},
                                           report_grads=False, skip_nan_params=True)
    reported = []
    for value in (1., 3., numpy.nan, 0.):
        link.W.array[...] = value
        trainer.updater.update()
        observation = {}
        with reporter.Reporter().scope(observation):
            stats(trainer)
        reported.append(observation.get('None/W/data/mean'))
    assert reported[0] is None and reported[1] == 2.
    assert numpy.isnan(reported[3])
