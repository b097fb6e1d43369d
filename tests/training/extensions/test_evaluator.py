import numpy
import pytest

import kusari
from kusari import core, datasets, iterators, reporter
from kusari.training import extensions


class Probe(kusari.Chain):
    """Reports the mean of x, and what the configuration was during the call."""

    def __init__(self):
        super().__init__()
        self.seen = []

    def forward(self, x, t):
        y = kusari.functions.sum(kusari.Variable(x)) * 1.0
        self.seen.append((core.config.train, core.config.enable_backprop, y.creator is None))
        reporter.report({'mean': float(x.mean()), 'n': len(x)}, self)
        return y


def dataset(n=7):
    x = numpy.arange(n * 2, dtype=numpy.float32).reshape(n, 2)
    return datasets.TupleDataset(x, numpy.zeros(n, numpy.int32))


def test_evaluates_in_test_mode_without_graph_and_reports_means():
    probe = Probe()
    it = iterators.SerialIterator(dataset(), 3, repeat=False, shuffle=False)
    evaluator = extensions.Evaluator(it, probe)
    evaluator.name = 'validation'
    observation = {}
    with reporter.Reporter().scope(observation):
        result = evaluator()
    # batches of 3, 3, 1 examples: the mean of the per-batch means (Chainer's DictSummary)
    per_batch = [numpy.arange(0, 6).mean(), numpy.arange(6, 12).mean(), numpy.arange(12, 14).mean()]
    assert result['validation/main/mean'] == pytest.approx(numpy.mean(per_batch))
    assert observation['validation/main/mean'] == result['validation/main/mean']
    assert result['validation/main/n'] == pytest.approx(7 / 3)
    assert probe.seen == [(False, False, True)] * 3  # train=False and no graph
    assert core.config.train and core.config.enable_backprop  # restored afterwards
    assert evaluator() == result  # the iterator is reset before each evaluation


def test_eval_hook_eval_func_converter_and_dict_targets():
    calls = []
    probe = Probe()
    it = iterators.SerialIterator(dataset(4), 2, repeat=False, shuffle=False)

    def converter(batch, device):
        calls.append(('convert', len(batch), device))
        return kusari.dataset.concat_examples(batch)

    def eval_func(x, t):
        calls.append(('eval', x.shape))
        reporter.report({'loss': 1.0})

    evaluator = extensions.Evaluator({'main': it}, {'main': probe, 'other': probe},
                                     converter=converter, eval_hook=calls.append,
                                     eval_func=eval_func, device='@numpy')
    result = evaluator.evaluate()
    assert calls[0] is evaluator
    assert calls[1:] == [('convert', 2, -1), ('eval', (2, 2))] * 2
    assert result == {'loss': 1.0}
    assert evaluator.get_target('other') is probe and evaluator.get_iterator('main') is it


def test_bad_inputs():
    probe = Probe()
    once = iterators.SerialIterator(dataset(), 2, repeat=False)
    with pytest.raises(ValueError, match="'main' entry"):
        extensions.Evaluator({'val': once}, probe)
    with pytest.raises(ValueError, match="without eval_func.*'main' entry"):
        extensions.Evaluator(once, {'other': probe}).evaluate()
    with pytest.warns(UserWarning, match="iterator 'main' repeats forever"):
        endless = extensions.Evaluator(iterators.SerialIterator(dataset(), 2), probe)
    with pytest.raises(ValueError, match='repeats forever'):
        endless.evaluate()
    with pytest.raises(TypeError, match='unexpected argument'):
        extensions.Evaluator(once, probe, devices=0)


def test_eval_func_without_targets():
    seen = []
    evaluator = extensions.Evaluator(
        iterators.SerialIterator(dataset(4), 2, repeat=False, shuffle=False), {},
        eval_func=lambda *arrays: seen.append(len(arrays)))
    evaluator.evaluate()
    assert len(seen) == 2


def test_in_a_trainer_reports_validation_keys(trainer_factory):
    trainer = trainer_factory(stop=(1, 'epoch'))
    model = trainer.updater.get_optimizer('main').target
    x = numpy.random.RandomState(5).randn(20, 3).astype(numpy.float32)
    t = (x.sum(axis=1) > 0).astype(numpy.int32)
    test_iter = iterators.SerialIterator(datasets.TupleDataset(x, t), 20, repeat=False,
                                         shuffle=False)
    seen = {}
    trainer.extend(extensions.Evaluator(test_iter, model))
    trainer.extend(lambda tr: seen.update(tr.observation), name='spy',
                   trigger=(1, 'epoch'))
    trainer.run()
    with kusari.using_config('train', False):
        expected = float(model(x, t).array)
    assert float(seen['validation/main/loss']) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize('iterator', [None, [1, 2], {'main': None}])
def test_iterator_argument_is_checked_when_built(iterator):
    with pytest.raises(TypeError, match=r"Evaluator: the iterator argument 'main' must be an "
                                        r"Iterator.*repeat=False.*got (NoneType|list)"):
        extensions.Evaluator(iterator, kusari.Chain())
