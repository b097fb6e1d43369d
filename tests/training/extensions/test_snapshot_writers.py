import os
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
