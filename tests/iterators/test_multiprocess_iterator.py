import copy
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy
import pytest

from kusari.dataset import DatasetMixin
from kusari.datasets import TupleDataset
from kusari.iterators import MultiprocessIterator
from kusari.iterators import SerialIterator


def trace(iterator, n):
    out = []
    for _ in range(n):
        batch = iterator.next()
        out.append(([numpy.asarray(x).tolist() for x in batch], iterator.epoch,
                    iterator.is_new_epoch, iterator.epoch_detail,
                    iterator.previous_epoch_detail, iterator.current_position))
    return out


def workers_of(iterator):
    return list(iterator._pool._pool)


def all_stopped(processes, timeout=5.):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(not p.is_alive() for p in processes):
            return True
        time.sleep(0.02)
    return False


class Failing(DatasetMixin):
    """Raises at index ``bad`` while the file ``flag`` exists (shared by processes)."""

    def __init__(self, n, bad, flag):
        self.n, self.bad, self.flag = n, bad, flag

    def __len__(self):
        return self.n

    def get_example(self, i):
        if i == self.bad and os.path.exists(self.flag):
            raise ValueError('broken example {}'.format(i))
        return i


class Interrupting(DatasetMixin):
    """Sends Ctrl-C to the main process when index 5 is read, then hangs."""

    def __init__(self, parent):
        self.parent = parent

    def __len__(self):
        return 8

    def get_example(self, i):
        if i == 5:
            # Wait until the main process blocks in next() for [4, 5] (which cannot
            # arrive), so the Ctrl-C lands inside the iterator, not between two calls.
            time.sleep(0.5)
            os.kill(self.parent, signal.SIGINT)
            time.sleep(60)
        return i


class Slow(DatasetMixin):
    def __len__(self):
        return 4

    def get_example(self, i):
        time.sleep(0.3)
        return i


@pytest.mark.parametrize('n_prefetch', [1, 3])
@pytest.mark.parametrize('shuffle,repeat', [(True, True), (False, True), (True, False)])
def test_same_batches_and_state_as_serial_iterator(n_prefetch, shuffle, repeat):
    data = numpy.arange(11) * 10
    n = 9 if repeat else 3
    numpy.random.seed(5)
    expected = trace(SerialIterator(data, 4, repeat=repeat, shuffle=shuffle), n)
    numpy.random.seed(5)
    with MultiprocessIterator(data, 4, repeat=repeat, shuffle=shuffle, n_processes=2,
                              n_prefetch=n_prefetch) as it:
        assert trace(it, n) == expected
        if not repeat:
            with pytest.raises(StopIteration):
                it.next()


def test_tuple_examples_and_reset_for_evaluation():
    x = numpy.arange(12, dtype=numpy.float32).reshape(6, 2)
    dataset = TupleDataset(x, numpy.arange(6, dtype=numpy.int32))
    with MultiprocessIterator(dataset, 4, repeat=False, shuffle=False, n_processes=2) as it:
        for _ in range(2):  # an evaluator resets and reads the whole set each time
            batches = list(it)
            assert [len(b) for b in batches] == [4, 2]
            xs = numpy.stack([e[0] for b in batches for e in b])
            numpy.testing.assert_array_equal(xs, x)
            assert batches[1][1][1].dtype == numpy.int32
            it.reset()


def test_error_in_dataset_propagates_and_stops_workers(tmp_path):
    flag = tmp_path / 'broken'
    flag.touch()
    it = MultiprocessIterator(Failing(10, 5, str(flag)), 3, shuffle=False, n_processes=2,
                              n_prefetch=2)
    assert it.next() == [0, 1, 2]
    workers = workers_of(it)
    with pytest.raises(ValueError, match='broken example 5'):
        it.next()
    assert all_stopped(workers)
    assert it.current_position == 3  # the failed batch was not consumed
    flag.unlink()
    assert it.next() == [3, 4, 5]  # new workers, same batch
    assert it.next() == [6, 7, 8]
    it.finalize()


@pytest.fixture
def python_sigint_handler():
    """Ctrl-C raises KeyboardInterrupt even if this process was started ignoring SIGINT
    (as a shell's background job is)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_keyboard_interrupt_stops_workers(python_sigint_handler):
    it = MultiprocessIterator(Interrupting(os.getpid()), 2, shuffle=False, n_processes=2,
                              dataset_timeout=None)
    assert it.next() == [0, 1]
    workers = workers_of(it)
    with pytest.raises(KeyboardInterrupt):
        for _ in range(3):  # [4, 5] is being read during the second call at the latest
            it.next()
    assert it._pool is None
    assert all_stopped(workers)
    it.finalize()


def test_ctrl_c_reaching_another_thread_during_pool_start_is_held_until_the_pool_is_ours(
        python_sigint_handler, monkeypatch):
    """The handler of a Ctrl-C runs in the main thread, even when the signal reaches
    another thread (as in an IPython kernel): during Pool() it must be held back, not
    raised inside Pool() (whose started workers would never reach the iterator)."""
    real_pool = multiprocessing.Pool
    pools = []
    pressed, delivered = threading.Event(), threading.Event()

    def ctrl_c_to_this_thread():
        pressed.wait()
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        delivered.set()

    def pool_started_during_ctrl_c(*args, **kwargs):
        pools.append(real_pool(*args, **kwargs))
        pressed.set()
        delivered.wait()
        time.sleep(0.05)  # Python code runs: a handler not held back would raise here
        return pools[-1]

    other = threading.Thread(target=ctrl_c_to_this_thread, daemon=True)
    other.start()  # before the pool: its signal mask is the process's usual one
    monkeypatch.setattr(multiprocessing, 'Pool', pool_started_during_ctrl_c)
    it = MultiprocessIterator(numpy.arange(10), 2, n_processes=2)
    try:
        with pytest.raises(KeyboardInterrupt):
            it.next()
        assert len(pools) == 1 and it._pool is None
        assert all_stopped(pools[0]._pool)
    finally:
        for pool in pools:  # never leave workers behind, even when the test fails
            pool.terminate()
    # Ctrl-C works as before afterwards: the same handler, SIGINT not blocked
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, ())
    monkeypatch.undo()
    assert len(it.next()) == 2  # the batch was not consumed; new workers load it
    it.finalize()


def test_interrupt_while_submitting_a_batch_stops_workers(monkeypatch):
    it = MultiprocessIterator(numpy.arange(10), 2, shuffle=False, n_processes=2)
    assert it.next() == [0, 1]
    workers = workers_of(it)

    def interrupted(pool, indices):
        raise KeyboardInterrupt

    monkeypatch.setattr(it, '_fetch_async', interrupted)
    with pytest.raises(KeyboardInterrupt):
        it.next()
    assert it._pool is None and all_stopped(workers)
    monkeypatch.undo()
    assert it.next() == [2, 3]
    it.finalize()


def test_finalize_and_context_manager_stop_workers():
    it = MultiprocessIterator(numpy.arange(10), 2, n_processes=2)
    it.next()
    workers = workers_of(it)
    it.finalize()
    assert all_stopped(workers)
    it.finalize()  # idempotent
    with pytest.raises(RuntimeError, match='finalized'):
        it.next()
    with pytest.raises(NotImplementedError, match='finalized'):
        it.reset()
    with MultiprocessIterator(numpy.arange(10), 2, n_processes=2) as it:
        it.next()
        workers = workers_of(it)
    assert all_stopped(workers)


START_METHODS = multiprocessing.get_all_start_methods()


@pytest.fixture(params=START_METHODS)
def start_method(request):
    """Runs the test with each multiprocessing start method as the default one."""
    previous = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method(request.param, force=True)
    yield request.param
    multiprocessing.set_start_method(previous, force=True)


@pytest.mark.parametrize('shared_mem', [None, 64])
def test_batches_arrive_under_every_start_method(start_method, shared_mem):
    # Under forkserver the workers' parent is the fork server, not this process; they
    # must not take that for the death of the main process.
    data = numpy.arange(10, dtype=numpy.float32)
    with MultiprocessIterator(data, 4, shuffle=False, n_processes=2, shared_mem=shared_mem,
                              dataset_timeout=5) as it:  # a lost batch fails, not hangs
        batches = [[float(x) for x in it.next()] for _ in range(3)]
    assert batches == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 0, 1]]


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason='reads /proc')
@pytest.mark.parametrize('method', START_METHODS)
def test_workers_exit_when_the_main_process_is_killed(method, tmp_path):
    # The workers are busy in a read that never ends when the main process dies: only
    # their watch on the parent (the fork server's, under forkserver) can end them.
    script = textwrap.dedent('''
        import multiprocessing, os, signal, time
        from kusari.iterators import MultiprocessIterator

        class Hanging:
            def __len__(self):
                return 100

            def __getitem__(self, i):
                if i >= 4:
                    time.sleep(60)
                return i

        if __name__ == '__main__':
            multiprocessing.set_start_method({!r})
            it = MultiprocessIterator(Hanging(), 2, shuffle=False, n_processes=2,
                                      n_prefetch=2)
            it.next()
            time.sleep(0.2)  # both workers are now inside the hanging reads
            print(' '.join(str(p.pid) for p in it._pool._pool), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)
    ''').format(method)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=repo + os.pathsep + os.environ.get('PYTHONPATH', ''))
    # A file, not -c: spawned workers import the main module to find Hanging.
    (tmp_path / 'main.py').write_text(script)
    # The workers inherit the pipe: read one line rather than wait for its end.
    with subprocess.Popen([sys.executable, str(tmp_path / 'main.py')], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, env=env) as main:
        pids = [int(p) for p in main.stdout.readline().split()]
        assert main.wait(timeout=60) == -signal.SIGKILL
    assert len(pids) == 2

    def running(pid):
        try:
            with open('/proc/{}/stat'.format(pid)) as f:
                return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
        except FileNotFoundError:
            return False

    deadline = time.monotonic() + 10
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = [pid for pid in pids if running(pid)]
    for pid in survivors:  # do not leave them behind if the test fails
        os.kill(pid, signal.SIGKILL)
    assert survivors == []


def test_timeout_warning():
    with MultiprocessIterator(Slow(), 2, shuffle=False, n_processes=1,
                              dataset_timeout=0.05) as it:
        with pytest.warns(MultiprocessIterator.TimeoutWarning, match='0.05 seconds'):
            assert it.next() == [0, 1]


def test_resume_from_snapshot_discards_prefetched_batches(serializers):
    Serializer, Deserializer = serializers
    data = numpy.arange(10)
    numpy.random.seed(1)
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=4) as it:
        trace(it, 2)
        saved = Serializer()
        it.serialize(saved)
    numpy.random.seed(2)
    serial = SerialIterator(data, 3)
    serial.serialize(Deserializer(saved.target))
    state = numpy.random.get_state()
    expected = trace(serial, 6)

    numpy.random.seed(2)
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=4) as resumed:
        resumed.next()  # prefetches batches of the old state
        resumed.serialize(Deserializer(saved.target))
        numpy.random.set_state(state)
        assert trace(resumed, 6) == expected


def test_saving_a_snapshot_does_not_disturb_prefetching(serializers):
    Serializer, _ = serializers
    data = numpy.arange(7)
    numpy.random.seed(4)
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=3) as it:
        expected = trace(it, 8)
    numpy.random.seed(4)
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=3) as it:
        got = trace(it, 3)
        it.serialize(Serializer())
        got += trace(it, 5)
    assert got == expected


def test_copy_is_independent_at_the_same_position():
    with MultiprocessIterator(numpy.arange(9), 2, shuffle=False, n_processes=2) as it:
        it.next()
        other = copy.copy(it)
        assert other.next() == [2, 3]
        assert it.next() == [2, 3]
        assert other._pool is not it._pool
        other.finalize()


def test_maxtasksperchild():
    with MultiprocessIterator(numpy.arange(20), 5, shuffle=False, n_processes=2,
                              maxtasksperchild=1) as it:
        assert [list(it.next()) for _ in range(4)] == [list(range(i, i + 5))
                                                      for i in range(0, 20, 5)]


def test_bad_arguments():
    with pytest.raises(ValueError, match='n_processes'):
        MultiprocessIterator([1], 1, n_processes=0)
    with pytest.raises(ValueError, match='n_prefetch'):
        MultiprocessIterator([1], 1, n_prefetch=0)
    with pytest.raises(ValueError, match='shared_mem'):
        MultiprocessIterator([1], 1, shared_mem=-5)
    with pytest.raises(ValueError, match='shuffle and order_sampler'):
        MultiprocessIterator([1], 1, shuffle=False, order_sampler=lambda o, p: o)
    it = MultiprocessIterator([1, 2], 1)
    assert it.n_processes >= 1 and it.shared_mem is None and it.dataset_timeout == 30.0
    it.finalize()


def image_dataset(n=12, seed=0):
    rng = numpy.random.RandomState(seed)
    return TupleDataset(rng.rand(n, 3, 8, 8).astype(numpy.float32),
                        numpy.arange(n, dtype=numpy.int32))


def as_lists(batches):
    return [[(x.tolist(), int(t)) for x, t in batch] for batch in batches]


@pytest.mark.parametrize('n_prefetch', [1, 2])
def test_shared_memory_gives_the_same_batches(n_prefetch):
    dataset = image_dataset()
    numpy.random.seed(2)
    serial = SerialIterator(dataset, 5)
    expected = as_lists(serial.next() for _ in range(7))
    numpy.random.seed(2)
    with MultiprocessIterator(dataset, 5, n_processes=2, n_prefetch=n_prefetch,
                              shared_mem=3 * 8 * 8 * 4) as it:
        batches = [it.next() for _ in range(7)]
    assert as_lists(batches) == expected
    x = batches[0][0][0]
    assert x.dtype == numpy.float32 and x.flags.writeable and x.flags.c_contiguous


def test_shared_memory_with_dict_list_and_object_examples():
    class Mixed(DatasetMixin):
        def __len__(self):
            return 6

        def get_example(self, i):
            return {'x': numpy.full((2, 3), i, numpy.int64), 'names': numpy.array(['a'] * i,
                                                                                dtype=object),
                    'pair': [numpy.arange(i), i]}

    with MultiprocessIterator(Mixed(), 3, shuffle=False, n_processes=2,
                              shared_mem=1024) as it:
        for start in (0, 3, 0):
            batch = it.next()
            for offset, example in enumerate(batch):
                i = start + offset
                numpy.testing.assert_array_equal(example['x'], numpy.full((2, 3), i))
                assert example['names'].tolist() == ['a'] * i
                numpy.testing.assert_array_equal(example['pair'][0], numpy.arange(i))


def test_shared_memory_too_small_warns_once_and_still_delivers():
    dataset = image_dataset(6)
    with MultiprocessIterator(dataset, 3, shuffle=False, n_processes=2,
                              shared_mem=64) as it:
        with pytest.warns(UserWarning, match='needs 768 bytes of shared memory'):
            batch = it.next()
        numpy.testing.assert_array_equal(batch[2][0], dataset[2][0])
        it.next()  # no second warning (it would be an error here)


def test_shared_memory_reset_and_resume_mid_epoch(serializers):
    Serializer, Deserializer = serializers
    dataset = image_dataset(10)
    with MultiprocessIterator(dataset, 3, shuffle=False, n_processes=2, n_prefetch=2,
                              shared_mem=1024) as it:
        it.next()
        saved = Serializer()
        it.serialize(saved)
        it.next()
        it.reset()  # drops two prefetched batches that may still be in flight
        assert [int(t) for _, t in it.next()] == [0, 1, 2]
        it.serialize(Deserializer(saved.target))
        assert [int(t) for _, t in it.next()] == [3, 4, 5]
        assert [int(t) for _, t in it.next()] == [6, 7, 8]
        other = copy.copy(it)
        assert [int(t) for _, t in other.next()] == [9, 0, 1]
        other.finalize()
        assert [int(t) for _, t in it.next()] == [9, 0, 1]


def test_stopping_workers_while_they_return_batches_never_hangs():
    # Pool.terminate() waits forever for a worker it killed in the middle of returning a
    # result; before the workers were let finish their batches, a few dozen runs of the
    # test above were enough to hang. In a child process, so that a hang fails the test.
    script = textwrap.dedent('''
        from tests.iterators.conftest import DictDeserializer, DictSerializer
        from tests.iterators.test_multiprocess_iterator import (
            test_shared_memory_reset_and_resume_mid_epoch as run)

        for _ in range(150):
            run((DictSerializer, DictDeserializer))
    ''')
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=repo + os.pathsep + os.environ.get('PYTHONPATH', ''))
    completed = subprocess.run([sys.executable, '-c', script], env=env, cwd=repo,
                               timeout=120, capture_output=True, text=True)
    assert completed.returncode == 0, completed.stderr


def own_sampler(seed):
    from kusari.iterators import ShuffleOrderSampler
    return ShuffleOrderSampler(numpy.random.RandomState(seed))


@pytest.mark.parametrize('shared_mem', [None, 64])
def test_exact_resume_with_own_random_state(serializers, shared_mem):
    Serializer, Deserializer = serializers
    data = numpy.arange(7)
    expected = trace(SerialIterator(data, 3, order_sampler=own_sampler(0)), 10)
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=3, shared_mem=shared_mem,
                              order_sampler=own_sampler(0)) as it:
        got = trace(it, 4)  # the workers are two epochs ahead of the caller by now
        saved = Serializer()
        it.serialize(saved)
        got += trace(it, 6)
        copied = copy.copy(it)
        assert trace(copied, 1) == trace(it, 1)
        copied.finalize()
    assert got == expected[:10]
    with MultiprocessIterator(data, 3, n_processes=2, n_prefetch=3, shared_mem=shared_mem,
                              order_sampler=own_sampler(99)) as resumed:
        resumed.next()
        resumed.serialize(Deserializer(saved.target))
        assert trace(resumed, 6) == expected[4:10]


def test_empty_dataset_is_refused_cleanly():
    it = MultiprocessIterator([], 2)  # created, as in Chainer
    assert it.epoch_detail == 0.
    with pytest.raises(ValueError, match='MultiprocessIterator: the dataset is empty'):
        it.next()
    assert it._pool is None  # no workers were started
    it.finalize()


def test_saving_a_snapshot_keeps_the_prefetched_batches(serializers):
    Serializer, _ = serializers
    with MultiprocessIterator(numpy.arange(10), 3, n_processes=2, n_prefetch=3,
                              order_sampler=own_sampler(0)) as it:
        it.next()
        pending = list(it._pending)
        it.serialize(Serializer())
        assert list(it._pending) == pending


@pytest.mark.parametrize('shared_mem', [None, 1000])
def test_pickled_mid_epoch_resumes_at_the_same_position(shared_mem):
    it = MultiprocessIterator(list(range(6)), 2, n_processes=2, n_prefetch=2,
                              shared_mem=shared_mem)
    seen = it.next() + it.next()
    restored = pickle.loads(pickle.dumps(it))
    assert (restored.epoch_detail, restored.previous_epoch_detail) == (it.epoch_detail,
                                                               it.previous_epoch_detail)
    rest = restored.next()
    assert sorted(seen + rest) == list(range(6)) and restored.is_new_epoch
    assert it.next() == rest  # the original goes on with its own workers
    it.finalize()
    restored.finalize()
