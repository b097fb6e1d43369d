import numpy
import pytest

import kusari.links as L
from kusari import serializers
from kusari.testing import get_trainer_with_mock_updater
from kusari.training import extensions

pytest.importorskip('matplotlib')


def test_plots_percentiles_and_moments(tmp_path):
    link = L.Linear(50, 40)
    link.cleargrads()  # new parameters' gradients are NaN, as in Chainer
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


def test_reservoir_keeps_a_sample_ordered_by_label():
    state = numpy.random.get_state()[1].copy()
    reservoir = extensions.variable_statistics_plot.Reservoir(size=3, data_shape=(2,))
    for i in range(20):
        reservoir.add(numpy.full(2, i))
    idxs, data = reservoir.get_data()
    assert len(idxs) == 3 and list(idxs) == sorted(idxs)
    numpy.testing.assert_array_equal(data[:, 0], idxs)  # each array kept with its label
    numpy.testing.assert_array_equal(numpy.random.get_state()[1], state)  # global RNG untouched
    few = extensions.variable_statistics_plot.Reservoir(size=5, data_shape=())
    few.add(1., idx=7)
    assert few.get_data()[0].tolist() == [7]


def test_statistician():
    x = numpy.random.RandomState(0).uniform(-1, 1, (2, 7, 3))
    stat = extensions.variable_statistics_plot.Statistician(
        collect_mean=True, collect_std=True, percentile_sigmas=(0., 50., 100.))(
            x, axis=None, dtype=numpy.float32)
    assert all(v.dtype == numpy.float32 for v in stat.values())
    numpy.testing.assert_allclose(stat['mean'], x.mean(), rtol=1e-6)
    numpy.testing.assert_allclose(stat['std'], x.std(), rtol=1e-6)
    numpy.testing.assert_allclose(stat['percentile'], [x.min(), numpy.median(x), x.max()],
                                  rtol=1e-6)
    per_row = extensions.variable_statistics_plot.Statistician(True, False, ())(x, axis=0)
    assert set(per_row) == {'mean'} and per_row['mean'].shape == (7, 3)
