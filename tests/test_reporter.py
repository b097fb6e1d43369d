import numpy
import pytest

import kusari
from kusari import reporter, serializers


class Observer(kusari.Link):
    pass


def test_reporter_prefixes_values_by_observer_and_detaches_variables():
    r = reporter.Reporter()
    link = Observer()
    r.add_observer('main', link)
    r.add_observers('main', [('/child', Observer())])
    observation = {}
    x = kusari.Variable(numpy.array(2.0, numpy.float32)) * 3
    with r.scope(observation):
        assert reporter.get_current_reporter() is r
        reporter.report({'loss': x, 'n': 4}, link)
        reporter.report({'free': 1.5})
    assert sorted(observation) == ['free', 'main/loss', 'main/n']
    assert observation['main/loss'].creator is None and float(observation['main/loss'].array) == 6
    with pytest.raises(KeyError, match='not registered'):
        with r.scope({}):
            reporter.report({'x': 1}, Observer())
    reporter.report({'ignored': 1})  # no current reporter: nothing happens


def test_report_scope_without_a_reporter_uses_a_fresh_one():
    observation = {}
    with reporter.report_scope(observation):
        reporter.report({'a': 1})
    assert observation == {'a': 1}


def test_summary_weighted_mean_and_std():
    s = reporter.Summary()
    for value, weight in ((1., 1), (3., 3), (numpy.float32(5.), 1)):
        s.add(value, weight=weight)
    values = numpy.array([1, 3, 3, 3, 5], dtype=numpy.float64)
    mean, std = s.make_statistics()
    assert s.compute_mean() == pytest.approx(values.mean())
    assert (mean, std) == pytest.approx((values.mean(), values.std()))


def test_dict_summary_skips_non_numbers_and_takes_weights():
    d = reporter.DictSummary()
    two = kusari.Variable(numpy.array(2., numpy.float32))
    d.add({'a': 1., 'b': two, 'text': 'x', 'vec': numpy.ones(3), 'w': (4., 3)})
    d.add({'a': 3., 'w': (0., 1), 'flag': True})
    assert d.compute_mean() == {'a': 2., 'b': 2., 'w': 3., 'flag': 1.}
    stats = d.make_statistics()
    assert stats['a.std'] == pytest.approx(1.)


def test_dict_summary_round_trips_through_npz_and_hdf5(tmp_path):
    d = reporter.DictSummary()
    d.add({'main/loss': 1., 'validation/main/accuracy': 0.5})
    d.add({'main/loss': 3.})
    serializers.save_npz(tmp_path / 'd.npz', d)
    loaded = reporter.DictSummary()
    loaded.add({'stale': 7.})
    serializers.load_npz(tmp_path / 'd.npz', loaded)
    assert loaded.compute_mean() == d.compute_mean()
    pytest.importorskip('h5py')
    serializers.save_hdf5(tmp_path / 'd.h5', d)
    from_hdf5 = reporter.DictSummary()
    serializers.load_hdf5(tmp_path / 'd.h5', from_hdf5)
    assert from_hdf5.compute_mean() == d.compute_mean()


def test_dict_summary_reads_chainer_json_names_and_rejects_garbage():
    class Source:
        def __init__(self, names):
            self.values = {'_names': names, '_summaries/0/_x': 4., '_summaries/0/_x2': 16.,
                           '_summaries/0/_n': 2.}
            self.path = ''

        def __getitem__(self, key):
            child = Source.__new__(Source)
            child.values, child.path = self.values, self.path + key + '/'
            return child

        def __call__(self, key, value):
            return self.values[self.path + key]

    d = reporter.DictSummary()
    d.serialize(Source('["main/loss"]'))
    assert d.compute_mean() == {'main/loss': 2.}
    d.serialize(Source(numpy.array(['main/loss'])))  # the older array form
    assert d.compute_mean() == {'main/loss': 2.}
    with pytest.raises(ValueError, match='DictSummary: the stored names are not valid JSON'):
        d.serialize(Source('["main/lo'))


def test_dict_summary_weights_may_be_arrays_or_variables_but_scalar():
    d = reporter.DictSummary()
    d.add({'a': (1., 0.5)})
    d.add({'a': (2., numpy.array(0.4))})
    d.add({'a': (3., kusari.Variable(numpy.array(0.3)))})
    expected = (1 * 0.5 + 2 * 0.4 + 3 * 0.3) / (0.5 + 0.4 + 0.3)
    assert float(d.compute_mean()['a']) == pytest.approx(expected)
    with pytest.raises(ValueError, match='weight given to a'):
        d.add({'a': (1., numpy.ones(2))})
