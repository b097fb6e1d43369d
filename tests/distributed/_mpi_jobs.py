"""Jobs that the MPI tests run: ``mpiexec -n N python _mpi_jobs.py N JOB[,ARG...] ...``
runs the named jobs one after the other in one MPI job of N processes.

Each job checks its results with assertions on every rank; a failing assertion on
any rank aborts the whole job (the communicator installs the global except hook), so
the test sees a non-zero exit status and the traceback. Rank 0 prints ``JOB ok``
at the end.
"""

import os
import sys
import time

import numpy
from numpy.testing import assert_allclose, assert_array_equal

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import distributed as D
from kusari import iterators as kusari_iterators
from kusari import optimizers, training
from kusari.dataset import concat_examples
from kusari.datasets import TupleDataset
from kusari.serializers import DictionarySerializer, NpzDeserializer
from kusari.training import extensions

JOBS = {}


def job(function):
    JOBS[function.__name__] = function
    return function


def make_comm(name, expected_size):
    comm = D.create_communicator(name)
    assert comm.size == expected_size, (
        'the job has {} processes, expected {}: is mpiexec from the same MPI as '
        'mpi4py?'.format(comm.size, expected_size))
    return comm


class MLP(kusari.Chain):
    def __init__(self, n_in=5, n_hidden=7, n_out=3):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(n_in, n_hidden)
            self.l2 = L.Linear(n_hidden, n_out)

    def forward(self, x):
        return self.l2(F.tanh(self.l1(x)))


def classification_data(n, n_in=5, n_out=3, seed=0):
    rng = numpy.random.RandomState(seed)
    x = rng.randn(n, n_in).astype(numpy.float32)
    t = (x[:, 0] > 0).astype(numpy.int32) + (x[:, 1] > 0.5).astype(numpy.int32)
    return TupleDataset(x, t % n_out)


# -- communicator API ---------------------------------------------------------------

@job
def comm_api(size, name='naive'):
    comm = make_comm(name, size)
    rank = comm.rank
    assert (comm.intra_rank, comm.intra_size, comm.inter_rank, comm.inter_size) == (
        rank, size, 0, 1)  # loopback: one machine

    # bcast / gather / allgather / scatter / alltoall / allreduce on arrays
    data = numpy.arange(6, dtype=numpy.float32).reshape(2, 3) * 10 if rank == 1 else None
    assert_array_equal(comm.bcast(data, root=1), numpy.arange(6).reshape(2, 3) * 10)
    mine = numpy.full((rank + 1,), rank, dtype=numpy.int64)  # shapes differ by rank
    gathered = comm.gather(mine, root=size - 1)
    if rank == size - 1:
        assert len(gathered) == size
        for r, x in enumerate(gathered):
            assert_array_equal(x, numpy.full((r + 1,), r))
    else:
        assert gathered is None
    for r, x in enumerate(comm.allgather(mine)):
        assert_array_equal(x, numpy.full((r + 1,), r))
    pieces = numpy.arange(size * 2, dtype=numpy.float64).reshape(size, 2)
    assert_array_equal(comm.scatter(pieces if rank == 0 else None), pieces[rank])
    as_tuple = tuple(numpy.full(r + 2, r, numpy.float32) for r in range(size))
    assert_array_equal(comm.scatter(as_tuple if rank == 0 else None), as_tuple[rank])
    sent = tuple(numpy.array([rank, r], numpy.int32) for r in range(size))
    for r, x in enumerate(comm.alltoall(sent)):
        assert_array_equal(x, [r, rank])
    for dtype in (numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.int64):
        x = numpy.arange(4, dtype=dtype) + rank
        total = comm.allreduce(x)
        assert total.dtype == dtype
        assert_array_equal(total, numpy.arange(4) * size + size * (size - 1) // 2)

    # point to point: a ring of arrays, tuples and objects
    right, left = (rank + 1) % size, (rank - 1) % size
    if rank % 2 == 0:
        comm.send(numpy.full(3, rank, numpy.float32), right, tag=3)
        got = comm.recv(left, tag=3)
    else:
        got = comm.recv(left, tag=3)
        comm.send(numpy.full(3, rank, numpy.float32), right, tag=3)
    assert_array_equal(got, numpy.full(3, left))
    if rank == 0:
        comm.send((numpy.ones(2), numpy.zeros((2, 2), numpy.int32)), 1, tag=5)
        comm.send_obj({'from': 0, 'list': [1, 2]}, 1, tag=7)
    elif rank == 1:
        a, b = comm.recv(0, tag=5)
        assert_array_equal(a, numpy.ones(2))
        assert b.dtype == numpy.int32 and b.shape == (2, 2)
        assert comm.recv_obj(0) == {'from': 0, 'list': [1, 2]}

    # objects
    assert comm.bcast_obj({'root': rank} if rank == 0 else None) == {'root': 0}
    objs = comm.gather_obj(('rank', rank), root=0)
    assert objs == ([('rank', r) for r in range(size)] if rank == 0 else None)
    assert comm.allreduce_obj(rank + 1) == size * (size + 1) // 2

    # split into even and odd ranks
    sub = comm.split(rank % 2, rank)
    assert type(sub) is type(comm)
    assert sub.size == len(range(rank % 2, size, 2))
    assert sub.rank == rank // 2
    assert sub.allreduce_obj([rank]) == list(range(rank % 2, size, 2))
    sub.finalize()

    # bcast_data: every rank ends with rank 0's parameters
    numpy.random.seed(rank)
    model = MLP()
    comm.bcast_data(model)
    reference = comm.bcast_obj({n: p.array for n, p in model.namedparams()})
    for n, p in model.namedparams():
        assert_array_equal(p.array, reference[n])
    comm.finalize()
    if rank == 0:
        print('comm_api ok')


@job
def mean_grad(size, name):
    comm = make_comm(name, size)
    rank = comm.rank
    model = MLP()
    params = sorted(model.namedparams())
    every = [{n: numpy.random.RandomState(100 * r + i).randn(*p.shape).astype(p.dtype)
              for i, (n, p) in enumerate(params)} for r in range(size)]
    for n, p in params:
        p.grad = every[rank][n].copy()
    comm.multi_node_mean_grad(model)
    for n, p in params:
        expected = numpy.mean([every[r][n] for r in range(size)], axis=0)
        assert_allclose(p.grad, expected, rtol=1e-6, atol=1e-6)

    # zero_fill: a parameter without a gradient on rank 1 counts as zeros
    name0 = params[0][0]
    for n, p in params:
        p.grad = None if (rank == 1 and n == name0) else every[rank][n].copy()
    comm.multi_node_mean_grad(model, zero_fill=True)
    expected = sum(every[r][name0] for r in range(size) if r != 1) / size
    assert_allclose(dict(params)[name0].grad, expected, rtol=1e-6, atol=1e-6)

    # float16 gradients (summed in float32) and read-only ones (broadcast views)
    extra = kusari.Link()
    with extra.init_scope():
        extra.half = kusari.Parameter(numpy.zeros(3, numpy.float16))
        extra.view = kusari.Parameter(numpy.zeros((2, 2), numpy.float32))
    extra.half.grad = numpy.full(3, rank + 1, numpy.float16)
    extra.view.grad = numpy.broadcast_to(numpy.float32(rank), (2, 2))
    comm.multi_node_mean_grad(extra)
    assert extra.half.grad.dtype == numpy.float16
    assert_allclose(extra.half.grad, numpy.full(3, (size + 1) / 2))
    assert_allclose(extra.view.grad, numpy.full((2, 2), (size - 1) / 2))

    # allreduce_grad: the deprecated name does the same
    for n, p in params:
        p.grad = every[rank][n].copy()
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        comm.allreduce_grad(model)
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)
    for n, p in params:
        assert_allclose(p.grad, numpy.mean([every[r][n] for r in range(size)], axis=0),
                        rtol=1e-6, atol=1e-6)
    if rank == 0:
        print('mean_grad ok')


# -- data parallelism ----------------------------------------------------------------

@job
def equivalence(size, name, steps):
    """N processes with batches of B/N == one process with batches of B."""
    steps = int(steps)
    comm = make_comm(name, size)
    rank = comm.rank
    per_rank = 4
    batch = per_rank * size
    data = classification_data(batch * steps)

    numpy.random.seed(rank)  # different initial models: the first update broadcasts
    model = L.Classifier(MLP())
    optimizer = D.create_multi_node_optimizer(optimizers.MomentumSGD(lr=0.1), comm)
    optimizer.setup(model)
    for step in range(steps):
        x, t = concat_examples(data[step * batch + rank * per_rank:
                                    step * batch + (rank + 1) * per_rank])
        optimizer.update(model, x, t)
    assert optimizer.t == steps - 1  # the first step's batch only came with the broadcast

    state = {n: p.array for n, p in model.namedparams()}
    everyone = comm.gather_obj(state)
    if rank == 0:
        numpy.random.seed(0)
        single = L.Classifier(MLP())
        reference = optimizers.MomentumSGD(lr=0.1)
        reference.setup(single)
        for step in range(1, steps):
            x, t = concat_examples(data[step * batch:(step + 1) * batch])
            reference.update(single, x, t)
        for n, p in single.namedparams():
            for other in everyone:
                assert_allclose(other[n], p.array, rtol=1e-5, atol=1e-6)
        changed = any(not numpy.allclose(p.array, q.array) for (_, p), (_, q) in zip(
            sorted(single.namedparams()), sorted(L.Classifier(MLP()).namedparams())))
        assert changed
        print('equivalence ok')


@job
def chainer_timing(size):
    """As in ChainerMN: setup leaves the models alone, the first update broadcasts rank
    0's parameters instead of updating, and so does the first after a link is added."""
    comm = make_comm('naive', size)
    rank = comm.rank

    def gathered(link):
        return comm.allreduce_obj([link.W.array.copy()])

    model = kusari.Sequential(L.Linear(2, 3))
    model[0].W.array[...] = rank
    optimizer = D.create_multi_node_optimizer(optimizers.SGD(lr=1.0), comm).setup(model)
    assert [float(w[0, 0]) for w in gathered(model[0])] == list(range(size))
    assert optimizer.needs_broadcast
    model[0].W.grad = numpy.full((3, 2), rank + 1.0, numpy.float32)
    optimizer.update()
    assert optimizer.t == 0 and not optimizer.needs_broadcast
    assert_array_equal(model[0].W.array, numpy.zeros((3, 2)))  # rank 0's, no step taken
    model[0].W.grad = numpy.full((3, 2), rank + 1.0, numpy.float32)
    optimizer.update()
    assert optimizer.t == 1
    assert_allclose(model[0].W.array, numpy.full((3, 2), -(size + 1) / 2))  # mean grad

    added = L.Linear(3, 4)  # different on every rank
    added.W.array[...] = rank + 10
    model.append(added)
    optimizer.setup(model)  # restarts t, as Chainer's setup does
    assert optimizer.needs_broadcast
    optimizer.update()
    assert optimizer.t == 0
    assert [float(w[0, 0]) for w in gathered(added)] == [10.0] * size
    assert_allclose(model[0].W.array, numpy.full((3, 2), -(size + 1) / 2))
    for link in model:
        link.cleargrads()
        link.W.grad = numpy.full(link.W.shape, rank + 1.0, numpy.float32)
    optimizer.update()
    assert optimizer.t == 1
    assert_allclose(added.W.array, numpy.full((4, 3), 10 - (size + 1) / 2))
    if rank == 0:
        print('chainer_timing ok')


@job
def lazy_init(size):
    """Lazily initialized links: the first update broadcasts instead of updating."""
    comm = make_comm('flat', size)
    numpy.random.seed(comm.rank)
    model = L.Classifier(L.Linear(None, 3))
    optimizer = D.create_multi_node_optimizer(optimizers.SGD(lr=0.1), comm)
    optimizer.setup(model)
    data = classification_data(8 * size)
    x, t = concat_examples(data[comm.rank * 8:(comm.rank + 1) * 8])
    optimizer.update(model, x, t)
    assert optimizer.t == 0  # the broadcast replaced the update
    w0 = comm.bcast_obj(model.predictor.W.array)
    assert_array_equal(model.predictor.W.array, w0)
    optimizer.update(model, x, t)
    assert optimizer.t == 1
    assert_array_equal(model.predictor.W.array, comm.bcast_obj(model.predictor.W.array))
    if comm.rank == 0:
        print('lazy_init ok')


@job
def scatter(size):
    comm = make_comm('naive', size)
    for n in (0, 1, size - 1, 10, 11):
        dataset = list(range(n)) if comm.rank == 0 else None
        exact = list(D.scatter_dataset(dataset, comm, force_equal_length=False))
        parts = comm.allreduce_obj([exact])
        assert sorted(sum(parts, [])) == list(range(n)), (n, parts)
        assert max(map(len, parts)) - min(map(len, parts)) <= 1
        equal = list(D.scatter_dataset(dataset, comm, shuffle=True, seed=3))
        parts = comm.allreduce_obj([equal])
        assert {len(p) for p in parts} == {-(-n // size)}
        assert set(sum(parts, [])) == set(range(n))
        begin, end = D.scatter_index(n if comm.rank == 0 else -1, comm,
                                     force_equal_length=False)
        assert list(range(begin, end)) == exact
    if comm.rank == 0:
        print('scatter ok')


@job
def evaluator(size):
    comm = make_comm('naive', size)
    n = 12 * size
    test = classification_data(n, seed=1)
    numpy.random.seed(0)
    model = L.Classifier(MLP())
    comm.bcast_data(model)
    local = D.scatter_dataset(test if comm.rank == 0 else None, comm)
    it = kusari_iterators.SerialIterator(local, 4, repeat=False, shuffle=False)
    multi = D.create_multi_node_evaluator(extensions.Evaluator(it, model), comm)
    result = multi()
    single = extensions.Evaluator(
        kusari_iterators.SerialIterator(test, 4, repeat=False, shuffle=False), model)()
    assert sorted(result) == sorted(single) == ['main/accuracy', 'main/loss']
    for key in single:
        assert_allclose(float(result[key]), float(single[key]), rtol=1e-6)

    class CountCorrect(D.extensions.GenericMultiNodeEvaluator):
        def calc_local(self, x, t):
            return int((self._targets['main'].predictor(x).array.argmax(axis=1) == t).sum())

        def aggregate(self, results):
            return sum(results) / n

    exact = D.scatter_dataset(test if comm.rank == 0 else None, comm,
                              force_equal_length=False)
    generic = CountCorrect(comm, kusari_iterators.SerialIterator(exact, 5, repeat=False,
                                                          shuffle=False), model)
    accuracy = generic()
    if comm.rank == 0:
        assert_allclose(accuracy, float(single['main/accuracy']), rtol=1e-6)
        print('evaluator ok')
    else:
        assert accuracy is None


# -- failures --------------------------------------------------------------------------

@job
def abort(size):
    comm = make_comm('naive', size)
    if comm.rank == 1:
        time.sleep(0.2)
        raise RuntimeError('deliberate failure on rank 1')
    comm.recv_obj(1)  # rank 1 never sends: without the hook this waits forever
    print('abort: rank {} was not stopped'.format(comm.rank))


# -- snapshots ------------------------------------------------------------------------

def _trainer(comm, out, stop, seed, snapshot_every=None, replica_sets=()):
    numpy.random.seed(seed + comm.rank)
    model = L.Classifier(MLP())
    data = D.scatter_dataset(classification_data(48) if comm.rank == 0 else None, comm)
    it = kusari_iterators.SerialIterator(data, 4, shuffle=False)
    optimizer = D.create_multi_node_optimizer(optimizers.MomentumSGD(lr=0.1), comm)
    optimizer.setup(model)
    trainer = training.Trainer(training.StandardUpdater(it, optimizer), (stop, 'iteration'),
                               out=out)
    if snapshot_every:
        snapshot = extensions.snapshot(filename='snap_{.updater.iteration}', autoload=True)
        trainer.extend(D.extensions.multi_node_snapshot(comm, snapshot, list(replica_sets)),
                       trigger=(snapshot_every, 'iteration'))
    return trainer, model


@job
def snapshot(size, out):
    comm = make_comm('naive', size)
    out = comm.bcast_obj(out)
    interrupted = os.path.join(out, 'interrupted')
    first, _ = _trainer(comm, interrupted, 6, seed=10, snapshot_every=3)
    first.run()
    comm.allreduce_obj(0)  # wait until rank 0 has written its last snapshot
    written = sorted(os.listdir(interrupted))
    assert written == ['snap_3.0', 'snap_6.0'], written  # one replica set: rank 0 writes

    resumed, model = _trainer(comm, interrupted, 9, seed=20, snapshot_every=3)
    resumed.run()  # loads snap_6 on rank 0, which sends it to the others
    assert resumed.updater.iteration == 9

    straight, reference = _trainer(comm, os.path.join(out, 'straight'), 9, seed=10)
    straight.run()
    # the straight run's first update broadcast; the resumed run's did not need to
    assert resumed.updater.get_optimizer('main').t == straight.updater.get_optimizer(
        'main').t == 8
    for (_, p), (_, q) in zip(sorted(model.namedparams()),
                              sorted(reference.namedparams())):
        assert_allclose(p.array, q.array, rtol=1e-6, atol=1e-7)
    if comm.rank == 0:
        print('snapshot ok')


@job
def checkpointer(size, out):
    comm = make_comm('naive', size)
    out = comm.bcast_obj(out)
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        cp = D.create_multi_node_checkpointer('run', comm, cp_interval=2, gc_interval=1,
                                              path=out)
    model = MLP()
    for iteration in (1, 2, 3, 4):
        for p in model.params():
            p.array[...] = iteration * (comm.rank + 1)
        cp.save(model, iteration)
    mine = sorted(f for f in os.listdir(out) if f.startswith('run.{}.'.format(comm.rank)))
    assert mine == ['run.{}.3'.format(comm.rank), 'run.{}.4'.format(comm.rank)], mine
    if comm.rank == 1:
        os.remove(os.path.join(out, 'run.1.4'))  # rank 1 lost its latest checkpoint
    comm.bcast_obj(None)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        again = D.create_multi_node_checkpointer('run', comm, path=out)
    fresh = MLP()
    again.maybe_load(fresh)
    for p in fresh.params():
        assert_array_equal(p.array, 3 * (comm.rank + 1))  # the latest common iteration
    again.finalize()
    if comm.rank == 0:
        print('checkpointer ok')


# -- model parallelism -------------------------------------------------------------------

@job
def chain_list(size):
    comm = make_comm('naive', size)
    rank = comm.rank
    numpy.random.seed(0)
    first, middle, last = L.Linear(4, 6), L.Linear(6, 5), L.Linear(5, 3)
    x = numpy.random.RandomState(1).randn(8, 4).astype(numpy.float32)
    t = numpy.arange(8, dtype=numpy.int32) % 3

    class Tanh(kusari.Chain):
        def __init__(self, link):
            super().__init__()
            with self.init_scope():
                self.link = link

        def forward(self, h):
            return F.tanh(self.link(h))

    model = D.MultiNodeChainList(comm)
    if rank == 0:  # first piece, then the last one from rank 1's output
        model.add_link(Tanh(first), rank_in=None, rank_out=1)
        model.add_link(last, rank_in=1, rank_out=None)
        loss = F.softmax_cross_entropy(model(x), t)
    else:
        model.add_link(Tanh(middle), rank_in=0, rank_out=0)
        loss = model()
    model.cleargrads()  # a new Parameter's gradient is NaN until cleared, as in Chainer
    loss.backward()
    grads = comm.gather_obj({n: p.grad for n, p in model.namedparams()})
    if rank == 0:
        whole = kusari.Sequential(first.copy('copy'), F.tanh, middle.copy('copy'), F.tanh,
                                  last.copy('copy'))
        for p in whole.params():
            p.cleargrad()
        F.softmax_cross_entropy(whole(x), t).backward()
        assert_allclose(float(loss.array), float(F.softmax_cross_entropy(whole(x), t).array),
                        rtol=1e-6)
        pieces = [whole[0], whole[2], whole[4]]
        assert_allclose(grads[0]['/0/link/W'], pieces[0].W.grad, rtol=1e-5, atol=1e-6)
        assert_allclose(grads[0]['/1/W'], pieces[2].W.grad, rtol=1e-5, atol=1e-6)
        assert_allclose(grads[1]['/0/link/W'], pieces[1].W.grad, rtol=1e-5, atol=1e-6)
        assert_allclose(grads[1]['/0/link/b'], pieces[1].b.grad, rtol=1e-5, atol=1e-6)
        print('chain_list ok')


@job
def n_step_rnn(size):
    """An encoder on rank 0 hands its LSTM states to a decoder on rank 1."""
    comm = make_comm('naive', size)
    rank = comm.rank
    rng = numpy.random.RandomState(0)
    xs = [rng.randn(length, 3).astype(numpy.float32) for length in (4, 2)]
    ys_in = [rng.randn(length, 4).astype(numpy.float32) for length in (3, 3)]
    numpy.random.seed(0)
    encoder, decoder = L.NStepLSTM(1, 3, 4, 0.0), L.NStepLSTM(1, 4, 4, 0.0)
    if rank == 0:
        part = D.links.create_multi_node_n_step_rnn(encoder, comm, rank_out=1)
        part.cleargrads()
        hy, cy, _, delegate = part(xs)
        delegate.backward()
    elif rank == 1:
        part = D.links.create_multi_node_n_step_rnn(decoder, comm, rank_in=0)
        part.cleargrads()
        _, _, ys, delegate = part(ys_in)
        assert delegate is None
        F.sum(F.concat(ys, axis=0) ** 2).backward()
    grads = comm.gather_obj({n: p.grad for n, p in part.namedparams()} if rank < 2 else {})
    if rank == 0:
        encoder.cleargrads()
        reference_decoder = decoder.copy('copy')
        reference_decoder.cleargrads()
        hy, cy, _ = encoder(None, None, xs)
        _, _, ys = reference_decoder(hy, cy, ys_in)
        F.sum(F.concat(ys, axis=0) ** 2).backward()
        for n, p in encoder.namedparams():
            assert_allclose(grads[0]['/actual_rnn' + n], p.grad, rtol=1e-4, atol=1e-6)
        for n, p in reference_decoder.namedparams():
            assert_allclose(grads[1]['/actual_rnn' + n], p.grad, rtol=1e-4, atol=1e-6)
        print('n_step_rnn ok')


@job
def observation(size):
    from kusari.testing import get_trainer_with_mock_updater
    comm = make_comm('naive', size)
    trainer = get_trainer_with_mock_updater()
    aggregator = D.extensions.ObservationAggregator(comm, 'main/loss', 'mean_loss',
                                                    comm_trigger=(2, 'iteration'))
    for step in (1, 2):
        trainer.updater.update()
        loss = numpy.asarray(comm.rank * 10.0 + step, numpy.float32)
        trainer.observation = {'main/loss': kusari.Variable(loss)}
        aggregator(trainer)
        assert ('mean_loss' in trainer.observation) == (step == 2)  # every 2 iterations
    expected = numpy.mean([r * 10.0 + step for r in range(size) for step in (1, 2)])
    assert_allclose(trainer.observation['mean_loss'], expected)

    # AllreducePersistent: running statistics become their mean over the processes
    bn = L.BatchNormalization(2)
    bn.avg_mean[...] = comm.rank
    bn.N = comm.rank  # an int persistent: left alone
    D.extensions.AllreducePersistent(bn, comm)()
    assert_allclose(bn.avg_mean, numpy.full(2, (size - 1) / 2))
    assert bn.N == comm.rank
    if comm.rank == 0:
        print('observation ok')


@job
def functions(size):
    comm = make_comm('naive', size)
    rank = comm.rank
    x = kusari.Variable(numpy.full((2,), rank + 1.0, numpy.float32))

    ys = D.functions.allgather(comm, x)
    assert [float(y.array[0]) for y in ys] == [r + 1.0 for r in range(size)]
    # loss = sum_i (i + 1) * y_i on every rank: dx on rank r = sum over ranks of (r + 1)
    loss = F.sum(sum(y * float(i + 1) for i, y in enumerate(ys)))
    loss.backward()
    assert_allclose(x.grad, numpy.full(2, size * (rank + 1.0)))

    x.cleargrad()
    xs = [x * float(r + 1) for r in range(size)]
    ys = D.functions.alltoall(comm, xs)
    assert [float(y.array[0]) for y in ys] == [(r + 1.0) * (rank + 1) for r in range(size)]
    F.sum(sum(ys)).backward()  # rank r's xs[i] went to rank i, which weighs it by 1
    assert_allclose(x.grad, numpy.full(2, sum(range(1, size + 1))))

    x.cleargrad()
    y = D.functions.bcast(comm, x if rank == 0 else None, root=0)
    assert_array_equal(y.array, [1.0, 1.0])
    F.sum(y * float(rank + 1)).backward()
    if rank == 0:
        assert_allclose(x.grad, numpy.full(2, size * (size + 1) / 2))

    x.cleargrad()
    gathered = D.functions.gather(comm, x, root=0)
    if rank == 0:
        assert [float(g.array[0]) for g in gathered] == [r + 1.0 for r in range(size)]
        F.sum(sum(g * float(i + 2) for i, g in enumerate(gathered))).backward()
    else:
        gathered.backward()
    assert_allclose(x.grad, numpy.full(2, rank + 2.0))

    if rank == 0:
        sources = [kusari.Variable(numpy.full((3,), 10.0 * r, numpy.float32))
                   for r in range(size)]
    y = D.functions.scatter(comm, sources if rank == 0 else None, root=0)
    assert_array_equal(y.array, numpy.full(3, 10.0 * rank))
    F.sum(y * float(rank + 1)).backward()
    if rank == 0:
        for r, s in enumerate(sources):
            assert_allclose(s.grad, numpy.full(3, r + 1.0))

    # send / recv with a delegate variable
    if rank == 0:
        a = kusari.Variable(numpy.array([1.0, 2.0], numpy.float32))
        delegate = D.functions.send(a * 3.0, comm, rank=1)
        delegate.backward()
        assert_allclose(a.grad, 18.0 * a.array)  # rank 1's loss: sum((3 a) ** 2)
    elif rank == 1:
        y = D.functions.recv(comm, rank=0)
        F.sum(y * y).backward()
    if rank == 0:
        print('functions ok')


@job
def batch_normalization(size):
    comm = make_comm('naive', size)
    rank = comm.rank
    rng = numpy.random.RandomState(0)
    x_all = rng.randn(4 * size, 3, 2).astype(numpy.float32) * 2 + 1
    gy_all = rng.randn(4 * size, 3, 2).astype(numpy.float32)
    mnbn = D.links.MultiNodeBatchNormalization(3, comm)
    bn = L.BatchNormalization(3)
    for link in (mnbn, bn):
        link.gamma.array[...] = [1.5, 0.5, 2.0]
        link.beta.array[...] = [0.1, -0.2, 0.3]
    part = slice(4 * rank, 4 * (rank + 1))
    x = kusari.Variable(x_all[part])
    y = mnbn(x)
    x_ref = kusari.Variable(x_all)
    y_ref = bn(x_ref)
    assert_allclose(y.array, y_ref.array[part], rtol=1e-4, atol=1e-5)
    y.grad = gy_all[part]
    y.backward()
    y_ref.grad = gy_all
    y_ref.backward()
    assert_allclose(x.grad, x_ref.grad[part], rtol=1e-4, atol=1e-5)
    gamma_grads = comm.allreduce(mnbn.gamma.grad)
    assert_allclose(gamma_grads, bn.gamma.grad, rtol=1e-4, atol=1e-5)
    assert_allclose(mnbn.avg_mean, bn.avg_mean, rtol=1e-5, atol=1e-6)
    assert_allclose(mnbn.avg_var, bn.avg_var, rtol=1e-5, atol=1e-6)
    with kusari.using_config('train', False):
        assert_allclose(mnbn(x_all[part]).array, bn(x_all).array[part], rtol=1e-5)
    if rank == 0:
        print('batch_normalization ok')


@job
def iterators(size):
    comm = make_comm('naive', size)
    rank = comm.rank
    numpy.random.seed(rank)  # every process would shuffle differently on its own
    data = list(range(10))
    local = data if rank == 0 else D.datasets.create_empty_dataset(data)
    multi = D.iterators.create_multi_node_iterator(
        kusari_iterators.SerialIterator(local, 3, repeat=False), comm)
    batches = list(multi)
    assert sum(len(b) for b in batches) == 10
    assert comm.allreduce_obj([batches]) == [batches] * size
    assert multi.epoch == 1

    synced = D.iterators.create_synchronized_iterator(kusari_iterators.SerialIterator(data, 4),
                                                      comm)
    order = [synced.next() for _ in range(6)]
    assert comm.allreduce_obj([order]) == [order] * size
    assert sorted(sum(order[:2], []) + order[2][:2]) == data
    if rank == 0:
        print('iterators ok')


@job
def multi_node_iterator_state(size):
    comm = make_comm('naive', size)
    rank = comm.rank
    numpy.random.seed(rank)  # the slaves' own iterators would shuffle differently
    data = numpy.arange(6, dtype=numpy.float32)
    multi = D.iterators.create_multi_node_iterator(kusari_iterators.SerialIterator(data, 2),
                                                   comm)
    seen = [multi.next(), multi.next()]
    assert comm.allreduce_obj([seen]) == [seen] * size
    assert multi.epoch_detail == 4 / 6 and multi.previous_epoch_detail == 2 / 6
    saved = {}
    multi.serialize(DictionarySerializer(saved))
    everyone = comm.allreduce_obj([saved])
    master = everyone[0]
    for key in ('current_position', 'epoch', 'is_new_epoch', 'order',
                'previous_epoch_detail'):
        assert_array_equal(saved[key], master[key])  # every process saves the master's
    if rank != 0:  # the master's order sampler state is the master's own
        assert not any(key.startswith('order_sampler') for key in saved)
    # A plain iterator resumes from any process's snapshot: the rest of the epoch.
    plain = kusari_iterators.SerialIterator(data, 2)
    NpzDeserializer(saved).load(plain)
    assert plain.epoch_detail == 4 / 6
    rest = plain.next()
    assert plain.is_new_epoch
    assert sorted(float(x) for x in seen[0] + seen[1] + rest) == data.tolist()
    assert comm.allreduce_obj([rest]) == [rest] * size
    # Loading: every process loads its own snapshot.
    saved['current_position'] = numpy.array(2)
    multi.serialize(NpzDeserializer(saved))
    assert multi.current_position == 2 and multi.epoch_detail == 2 / 6
    batch = multi.next()
    assert comm.allreduce_obj([batch]) == [batch] * size
    assert batch == [float(data[i]) for i in master['order'][2:4]]
    # A later epoch's order reaches every process's snapshot; saving involves no
    # communication (here only the last rank saves, in the middle of the iteration).
    for _ in range(3):
        multi.next()
    assert multi.epoch == 1
    later = {}
    if rank == size - 1:
        multi.serialize(DictionarySerializer(later))
    order = multi._state.order if rank == 0 else later.get('order')
    multi.next()
    orders = comm.allreduce_obj([order])
    assert_array_equal(orders[-1], orders[0])
    # Examples that are not numbers stop every process with a TypeError.
    words = D.iterators.create_multi_node_iterator(
        kusari_iterators.SerialIterator(['a', 'b'], 1), comm)
    try:
        words.next()
    except TypeError as e:
        assert 'arrays or numbers' in str(e)
    else:
        raise AssertionError('no TypeError')
    if rank == 0:
        print('multi_node_iterator_state ok')


@job
def communication_utility(size):
    from kusari.distributed.communicators._communication_utility import (
        INT_MAX, chunked_bcast_obj)
    comm = make_comm('naive', size)
    root = size - 1
    for length, max_buf_len in [(10, 1), (1000, 7), (3000, INT_MAX - 1)]:
        obj = {'data': numpy.arange(length), 'name': 'x' * 5}
        got = chunked_bcast_obj(obj if comm.rank == root else None, comm.mpi_comm,
                                max_buf_len, root=root)
        assert_array_equal(got['data'], numpy.arange(length))
    for max_buf_len in (0, -1, INT_MAX):  # refused before any communication
        try:
            chunked_bcast_obj(1 if comm.rank == 0 else None, comm.mpi_comm, max_buf_len)
        except AssertionError:
            pass
        else:
            raise AssertionError('max_buf_len {} was accepted'.format(max_buf_len))
    # debug mode: a mean of the gradients that is not finite stops every process
    for name in ('naive', 'flat'):
        comm = make_comm(name, size)
        model = L.Linear(2, 2)
        model.W.grad = numpy.ones((2, 2), numpy.float32)
        model.b.grad = numpy.array([numpy.nan if comm.rank == 0 else 1.0, 1.0],
                                   numpy.float32)
        comm.multi_node_mean_grad(model)  # not checked outside debug mode
        model.b.grad = numpy.array([numpy.nan if comm.rank == 0 else 1.0, 1.0],
                                   numpy.float32)
        with kusari.using_config('debug', True):
            try:
                comm.multi_node_mean_grad(model)
            except ValueError as e:
                assert 'diverged' in str(e)
            else:
                raise AssertionError('{}: no ValueError in debug mode'.format(name))
    if comm.rank == 0:
        print('communication_utility ok')


if __name__ == '__main__':
    size = int(sys.argv[1])
    for spec in sys.argv[2:]:
        name, *args = spec.split(',')
        JOBS[name](size, *args)
