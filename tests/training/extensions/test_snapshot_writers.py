import os
import queue
import threading

import numpy
import pytest

import kusari.links as L
from kusari import serializers
from kusari.training.extensions import _snapshot, snapshot_writers


def state(seed):
    link = L.Linear(3, 2)
    link.W.array[...] = seed
    return link, _snapshot.serialize(link)


def loaded_w(path):
    link = L.Linear(3, 2)
    serializers.load_npz(path, link)
    return float(link.W.array[0, 0])


@pytest.mark.parametrize('writer_class', [
    snapshot_writers.SimpleWriter, snapshot_writers.ThreadWriter,
    snapshot_writers.ProcessWriter, snapshot_writers.ThreadQueueWriter,
    snapshot_writers.ProcessQueueWriter])
def test_writers_save_what_was_serialized_when_called(writer_class, tmp_path):
    writer = writer_class()
    for seed in (1, 2, 3):
        link, target = state(seed)
        writer('snap_{}'.format(seed), str(tmp_path), target)
        link.W.array[...] = -1  # later changes do not reach the queued snapshot
    writer.finalize()
    assert [loaded_w(tmp_path / 'snap_{}'.format(s)) for s in (1, 2, 3)] == [1, 2, 3]
    assert sorted(os.listdir(tmp_path)) == ['snap_1', 'snap_2', 'snap_3']


def test_savefun_keywords_and_post_save_hooks(tmp_path):
    saved = []
    writer = snapshot_writers.SimpleWriter(
        savefun=lambda path, target, **kwds: saved.append((os.path.basename(path), kwds)) or
        open(path, 'wb').close(), compression=False)
    hooks = []
    writer._add_cleanup_hook(lambda: hooks.append(1))
    writer('a', str(tmp_path / 'sub'), {})
    assert saved == [('a', {'compression': False})] and hooks == [1]
    assert os.listdir(tmp_path / 'sub') == ['a']


def test_a_failed_background_save_is_raised(tmp_path):
    def broken(path, target):
        raise OSError('no space left')

    for writer in (snapshot_writers.ThreadWriter(savefun=broken),
                   snapshot_writers.ThreadQueueWriter(savefun=broken)):
        writer('x', str(tmp_path), {})
        with pytest.raises(RuntimeError, match='no space left'):
            writer.finalize()
    assert os.listdir(tmp_path) == []  # no temporary directory left behind


def test_serialized_target_copies_arrays_and_keeps_none():
    link = L.Linear(None, 2)  # an uninitialized W is saved as None
    target = _snapshot.serialize(link)
    assert target['W'].dtype == object and target['b'].flags.owndata
    link.b.array[...] = 5
    assert not numpy.any(target['b'] == 5)
    assert threading.active_count() >= 1


def test_queue_items_are_the_task_and_its_arguments():
    class ListQueueWriter(snapshot_writers.QueueWriter):
        def create_queue(self):
            return queue.Queue()

        def create_consumer(self, q):
            return threading.Thread(target=lambda: None)

    writer = ListQueueWriter(task=lambda *args: calls.append(args))
    calls = []
    writer('f', 'out', 'target')
    item = writer._queue.get()
    assert item[1:] == ['f', 'out', 'target'] and item[0] is writer._task
    q = queue.Queue()
    for queued in (item, item, None):
        q.put(queued)
    writer.consume(q)
    assert calls == [('f', 'out', 'target')] * 2 and q.unfinished_tasks == 0


def test_standard_writer_joins_workers_without_an_exit_code(tmp_path):
    class Worker:
        def start(self):
            started.append(True)

        def join(self):
            joined.append(True)

    class AnyWorkerWriter(snapshot_writers.StandardWriter):
        def create_worker(self, filename, outdir, target, **kwds):
            return Worker()

    started, joined = [], []
    writer = AnyWorkerWriter()
    writer('f', str(tmp_path), None)
    writer('f', str(tmp_path), None)
    writer.finalize()
    assert len(started) == 2 and len(joined) == 2


def test_each_writer_names_the_load_function_of_what_it_saves():
    # snapshot(autoload=True) reads back with it; a queue writer asks its task.
    hdf5_writers = [snapshot_writers.SimpleWriter(savefun=serializers.save_hdf5),
                    snapshot_writers.ThreadWriter(savefun=serializers.save_hdf5),
                    snapshot_writers.ThreadQueueWriter(savefun=serializers.save_hdf5)]
    custom_task = snapshot_writers.ThreadQueueWriter(task=lambda *args: None)
    try:
        for writer in hdf5_writers:
            assert writer._load_function() is serializers.load_hdf5
        assert snapshot_writers.SimpleWriter()._load_function() is serializers.load_npz
        assert custom_task._load_function() is serializers.load_npz
    finally:
        for writer in hdf5_writers + [custom_task]:
            writer.finalize()
