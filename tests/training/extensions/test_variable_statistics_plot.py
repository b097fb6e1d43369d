import numpy
import pytest

import kusari.links as L
from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions

pytest.importorskip('matplotlib')


def test_plots_percentiles_and_moments(tmp_path):
    link = L.Linear(50, 40)
    trainer = get_trainer_with_mock_updater((10, 'iteration'), 1)
    trainer.out = str(tmp_path)
    plot = extensions.VariableStatisticsPlot(link, max_sample_size=500,
                                             percentile_sigmas=(0, 50, 100))
    for i in range(3):
        link.W.array *= 2
        link.W.grad = numpy.ones_like(link.W.array) * i
        trainer.updater.update()
        plot(trainer)
    data = numpy.array(plot._data['data'])
    assert data[:, 0].tolist() == [1, 2, 3]
    assert (data[:, 1] <= data[:, 2]).all() and (data[:, 2] <= data[:, 3]).all()
    assert data[2, 5] == pytest.approx(4 * data[0, 5], rel=1e-6)  # the std doubles each call
    grads = numpy.array(plot._data['grad'])
    assert grads[:, 4].tolist() == [0., 1., 2.]  # the means of the gradients
    png = (tmp_path / 'statistics.png').read_bytes()
    assert png.startswith(b'\x89PNG') and len(png) > 5000
    serializers.save_npz(tmp_path / 's.npz', plot)
    resumed = extensions.VariableStatisticsPlot(link, percentile_sigmas=(0, 50, 100))
    serializers.load_npz(tmp_path / 's.npz', resumed)
    assert resumed._data == plot._data


def test_bad_arguments():
    with pytest.raises(TypeError, match='targets must be Links or Variables'):
        extensions.VariableStatisticsPlot([numpy.ones(3)])
    with pytest.raises(ValueError, match='report_data or report_grad'):
        extensions.VariableStatisticsPlot(L.Linear(2, 2), report_data=False, report_grad=False)
