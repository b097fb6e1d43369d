#!/usr/bin/env python
"""Train an MLP on MNIST with data parallelism over MPI (ChainerMN's example).

Every process holds the whole model and trains on its part of the data; the
gradients are averaged over the processes at every step, so N processes with
``--batchsize B`` train like one process with batches of N * B examples.

    mpiexec -n 2 python examples/distributed/train_mnist.py
    mpiexec -n 4 python examples/distributed/train_mnist.py --communicator flat

Uses MNIST when its four files are found (``--dataset-root`` or
``KUSARI_DATASET_ROOT``) and otherwise the small digits dataset shipped with kusari,
so it runs offline. Needs ``pip install 'kusari[mpi]'``. With ``--snapshot`` the
trainer state is saved every epoch and an interrupted run resumes when restarted.
"""

import argparse

import numpy

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import distributed, iterators, optimizers, training
from kusari.datasets import get_mnist_or_digits
from kusari.training import extensions


class MLP(kusari.Chain):
    def __init__(self, n_units, n_out):
        super().__init__()
        with self.init_scope():
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def main():
    parser = argparse.ArgumentParser(description='kusari example: MNIST, data parallel')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='examples per process in each step')
    parser.add_argument('--communicator', default='naive',
                        help="naive or flat on CPUs; pure_nccl or non_cuda_aware with --gpu")
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--gpu', '-g', action='store_true',
                        help='use the GPU number intra_rank on each machine')
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--unit', '-u', type=int, default=1000)
    parser.add_argument('--seed', type=int, default=0)
    parser.add_argument('--snapshot', action='store_true',
                        help='save a snapshot every epoch and resume from the latest one')
    parser.add_argument('--dataset-root', default=None,
                        help='directory with the four MNIST files (default: '
                             'KUSARI_DATASET_ROOT; the embedded digits when absent)')
    args = parser.parse_args()

    comm = distributed.create_communicator(args.communicator)
    device = comm.intra_rank if args.gpu else -1
    if comm.rank == 0:
        print('{} processes, communicator {}, {} examples per step'.format(
            comm.size, args.communicator, args.batchsize * comm.size))

    numpy.random.seed(args.seed + comm.rank)  # shuffles differ; the model is broadcast
    model = L.Classifier(MLP(args.unit, 10))
    if device >= 0:
        model.to_device('@cupy:{}'.format(device))
    optimizer = distributed.create_multi_node_optimizer(optimizers.Adam(), comm)
    optimizer.setup(model)

    # Rank 0 reads the data; every process gets its share.
    train, test = get_mnist_or_digits(args.dataset_root) if comm.rank == 0 else (None, None)
    if comm.rank == 0:
        print('training on {} examples, testing on {}'.format(len(train), len(test)))
    train = distributed.scatter_dataset(train, comm, shuffle=True, seed=args.seed)
    test = distributed.scatter_dataset(test, comm, shuffle=True, seed=args.seed)
    train_iter = iterators.SerialIterator(train, args.batchsize)
    test_iter = iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)

    updater = training.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    evaluator = extensions.Evaluator(test_iter, model, device=device)
    trainer.extend(distributed.create_multi_node_evaluator(evaluator, comm))
    if args.snapshot:
        # Each process keeps its own iterator state: one replica set per rank.
        snapshot = extensions.snapshot(filename='snapshot_epoch_{.updater.epoch}',
                                       autoload=True)
        trainer.extend(distributed.extensions.multi_node_snapshot(
            comm, snapshot, [[rank] for rank in range(comm.size)]), trigger=(1, 'epoch'))
    if comm.rank == 0:  # one process reports
        trainer.extend(extensions.LogReport())
        trainer.extend(extensions.PrintReport(
            ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
             'validation/main/accuracy', 'elapsed_time']))
    trainer.run()


if __name__ == '__main__':
    main()
