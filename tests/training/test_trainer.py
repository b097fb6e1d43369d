"""Trainer, StandardUpdater, IntervalTrigger and extension scheduling."""

import numpy
import pytest

import kusari.links as L
from kusari import datasets, iterators, optimizers, serializers, training


def make_trainer(tmp_path, stop=(2, 'epoch'), batch=10, n=30, seed=0, optimizer='sgd'):
    rng = numpy.random.RandomState(seed)
    x = rng.randn(n, 3).astype(numpy.float32)
    t = (x.sum(axis=1) > 0).astype(numpy.int32)
    numpy.random.seed(seed)
    model = L.Classifier(L.Linear(3, 2))
    opt = (optimizers.SGD(lr=0.1) if optimizer == 'sgd' else optimizers.Adam()).setup(model)
    it = iterators.SerialIterator(datasets.TupleDataset(x, t), batch, shuffle=True)
    return training.Trainer(training.StandardUpdater(it, opt), stop, out=str(tmp_path))


def test_runs_until_stop_trigger_and_reports(tmp_path):
    trainer = make_trainer(tmp_path)
    seen = []
    trainer.extend(lambda t: seen.append((t.updater.iteration, sorted(t.observation))),
                   name='spy', trigger=(1, 'epoch'))
    trainer.run()
    assert trainer.updater.iteration == 6 and trainer.updater.epoch == 2
    assert seen == [(3, ['main/accuracy', 'main/loss']), (6, ['main/accuracy', 'main/loss'])]
    assert trainer.elapsed_time > 0


def test_done_flag_as_chainer(tmp_path):
    # Chainer's tests and users read and set trainer._done (e.g. to snapshot a trainer
    # as if its run had ended).
    trainer = make_trainer(tmp_path, stop=(1, 'iteration'))
    assert trainer._done is False
    trainer.run()
    assert trainer._done is True
    with pytest.raises(RuntimeError, match='twice'):
        trainer.run()
    fresh = make_trainer(tmp_path)
    fresh._done = True
    with pytest.raises(RuntimeError, match='twice'):
        fresh.run()


def test_extensions_run_by_priority_and_get_unique_names(tmp_path):
    trainer = make_trainer(tmp_path, stop=(1, 'iteration'))
    order = []

    def make(tag):
        def ext(trainer):
            order.append(tag)
        return ext

    trainer.extend(make('reader'), name='e', priority=training.PRIORITY_READER)
    trainer.extend(make('writer'), name='e', priority=training.PRIORITY_WRITER)
    trainer.extend(make('before'), name='b', trigger=(5, 'iteration'),
                   call_before_training=True)
    trainer.run()
    assert order == ['before', 'writer', 'reader']
    assert trainer.get_extension('e_1') is not None
    with pytest.raises(ValueError):
        trainer.get_extension('missing')


def test_make_extension_and_fractional_epoch_trigger(tmp_path):
    trainer = make_trainer(tmp_path, stop=(2, 'epoch'))
    calls = []

    @training.make_extension(trigger=(0.5, 'epoch'))
    def half_epoch(trainer):
        calls.append(trainer.updater.epoch_detail)

    trainer.extend(half_epoch)
    trainer.run()
    assert len(calls) == 4  # every half epoch of 3 iterations: at 2, 3, 5, 6


def test_make_extension_attributes_as_chainer():
    @training.make_extension()
    def plain(trainer):
        pass

    assert (plain.trigger, plain.default_name, plain.priority) == (
        (1, 'iteration'), 'plain', training.PRIORITY_READER)
    assert plain.initialize is None and plain.finalize is None and plain.on_error is None
    with pytest.raises(ValueError, match='initializer='):
        training.make_extension(invoke_before_training=False)
    with pytest.raises(TypeError, match='foo'):
        training.make_extension(foo=1)


def test_errors_call_on_error_and_finalize(tmp_path):
    trainer = make_trainer(tmp_path)
    events = []

    class Ext(training.Extension):
        def __call__(self, trainer):
            if trainer.updater.iteration == 2:
                raise RuntimeError('boom')

        def on_error(self, trainer, exc, tb):
            events.append(('error', str(exc)))

        def finalize(self):
            events.append('finalize')

    trainer.extend(Ext())
    with pytest.raises(RuntimeError, match='boom'):
        trainer.run(show_loop_exception_msg=False)
    assert events == [('error', 'boom'), 'finalize']


def test_resume_from_serialized_trainer_matches_uninterrupted(tmp_path):
    full = make_trainer(tmp_path / 'full', stop=(4, 'epoch'))
    full.run()

    first = make_trainer(tmp_path / 'a', stop=(2, 'epoch'))
    first.run()
    serializers.save_npz(tmp_path / 'snapshot.npz', first)
    resumed = make_trainer(tmp_path / 'b', stop=(4, 'epoch'), seed=0)
    numpy.random.seed(123)  # the shuffle order must come from the snapshot, not the seed
    serializers.load_npz(tmp_path / 'snapshot.npz', resumed)
    assert resumed.updater.iteration == 6
    resumed.run()
    a = full.updater.get_optimizer('main').target
    b = resumed.updater.get_optimizer('main').target
    for (name, p), (_, q) in zip(a.namedparams(), b.namedparams()):
        numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


def test_get_trigger_validates():
    assert training.get_trigger(None)(None) is False
    with pytest.raises(ValueError, match='unit'):
        training.get_trigger((1, 'hour'))
    with pytest.raises(TypeError):
        training.get_trigger(3)


def test_initialize_order_autoload_first_and_finished_triggers_skipped(tmp_path):
    trainer = make_trainer(tmp_path, stop=(1, 'iteration'))
    calls = []

    class Ext(training.Extension):
        def __init__(self, tag, autoload=False):
            self.tag, self.autoload = tag, autoload

        def __call__(self, trainer):
            pass

        def initialize(self, trainer):
            calls.append(self.tag)

    class Finished:
        finished = True

        def __call__(self, trainer):
            return False

    trainer.extend(Ext('reader'), name='reader')
    trainer.extend(Ext('loader', autoload=True), name='loader', priority=-100)
    trainer.extend(Ext('done'), name='done', trigger=Finished())
    trainer.run()
    assert calls == ['loader', 'reader']


def test_call_before_training_only_when_starting_from_scratch(tmp_path):
    first = make_trainer(tmp_path / 'a', stop=(1, 'epoch'))
    before = []
    first.extend(lambda t: before.append(t.updater.iteration), name='before',
                 trigger=(100, 'epoch'), call_before_training=True)
    first.run()
    serializers.save_npz(tmp_path / 's.npz', first)
    resumed = make_trainer(tmp_path / 'b', stop=(2, 'epoch'))
    resumed.extend(lambda t: before.append(t.updater.iteration), name='before',
                   trigger=(100, 'epoch'), call_before_training=True)
    serializers.load_npz(tmp_path / 's.npz', resumed)
    resumed.run()
    assert before == [0]


@pytest.mark.parametrize('iterator_class', ['MultithreadIterator', 'MultiprocessIterator'])
def test_resume_with_prefetching_iterators_matches_uninterrupted(tmp_path, iterator_class):
    def make(out, stop):
        trainer = make_trainer(out, stop=stop, optimizer='adam')
        serial = trainer.updater.get_iterator('main')
        numpy.random.seed(0)  # the same seed the SerialIterator was created with
        kwargs = {'n_processes': 2, 'n_prefetch': 3} \
            if iterator_class == 'MultiprocessIterator' else {'n_threads': 2}
        iterator = getattr(iterators, iterator_class)(serial.dataset, 7, **kwargs)
        optimizer = trainer.updater.get_optimizer('main')
        return training.Trainer(training.StandardUpdater(iterator, optimizer), stop,
                                out=str(out))

    full = make(tmp_path / 'full', (5, 'epoch'))
    full.run()
    first = make(tmp_path / 'a', (17, 'iteration'))  # mid-epoch, workers ahead
    first.run()
    serializers.save_npz(tmp_path / 's.npz', first)
    resumed = make(tmp_path / 'b', (5, 'epoch'))
    serializers.load_npz(tmp_path / 's.npz', resumed)
    resumed.run()
    a = full.updater.get_optimizer('main').target
    b = resumed.updater.get_optimizer('main').target
    for (name, p), (_, q) in zip(a.namedparams(), b.namedparams()):
        numpy.testing.assert_array_equal(p.array, q.array, err_msg=name)


class _FinalizeFails(training.Extension):
    def __init__(self, finalized):
        self.finalized = finalized

    def __call__(self, trainer):
        pass

    def finalize(self):
        self.finalized.append(self)
        raise AttributeError('finalize failed')


def test_error_that_stops_training_is_not_replaced_by_a_finalize_error(tmp_path, capsys):
    trainer = make_trainer(tmp_path)
    finalized = []
    trainer.extend(_FinalizeFails(finalized), name='first')
    trainer.extend(_FinalizeFails(finalized), name='second')

    def fails(trainer):
        raise ValueError('the update failed')
    trainer.extend(fails, trigger=(1, 'iteration'))
    with pytest.raises(ValueError, match='the update failed'):
        trainer.run()
    assert len(finalized) == 2  # every extension is still finalized
    assert 'finalize failed' in capsys.readouterr().err


def test_finalize_error_of_a_successful_run_is_raised_after_finalizing_all(tmp_path):
    trainer = make_trainer(tmp_path, stop=(1, 'iteration'))
    finalized = []
    trainer.extend(_FinalizeFails(finalized), name='first')
    trainer.extend(_FinalizeFails(finalized), name='second')
    with pytest.raises(AttributeError, match='finalize failed'):
        trainer.run()
    assert len(finalized) == 2


def test_train_iterator_without_repeat_running_out_says_so(tmp_path):
    x = numpy.zeros((4, 3), numpy.float32)
    t = numpy.zeros(4, numpy.int32)
    model = L.Classifier(L.Linear(3, 2))
    it = iterators.SerialIterator(datasets.TupleDataset(x, t), 2, repeat=False)
    updater = training.StandardUpdater(it, optimizers.SGD().setup(model))
    trainer = training.Trainer(updater, (3, 'epoch'), out=str(tmp_path))
    with pytest.raises(StopIteration, match=r'Trainer: the training iterator ran out of data at '
                                            r'iteration 2 \(epoch 1\).*repeat=True'):
        trainer.run(show_loop_exception_msg=False)
