#!/usr/bin/env python
"""Train a multi-layer perceptron on MNIST with the Trainer (Chainer's train_mnist.py).

This is Chainer's official example with ``import kusari as chainer``-style imports.
It uses MNIST when its four files are found (``--dataset-root`` or
``KUSARI_DATASET_ROOT``) and otherwise the small digits dataset shipped with kusari,
so it runs offline:

    python examples/mnist/train_mnist.py --epoch 20

Interrupted runs resume from their latest snapshot with ``--autoload`` (or from a
given one with ``--resume result/snapshot_iter_1200``).
"""

import argparse
import os

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import training
from kusari.datasets import get_mnist_or_digits
from kusari.training import extensions


# Network definition
class MLP(kusari.Chain):

    def __init__(self, n_units, n_out):
        super().__init__()
        with self.init_scope():
            # the size of the inputs to each layer will be inferred
            self.l1 = L.Linear(None, n_units)  # n_in -> n_units
            self.l2 = L.Linear(None, n_units)  # n_units -> n_units
            self.l3 = L.Linear(None, n_out)  # n_units -> n_out

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def device_spec(text):
    """'-1' / '0' (Chainer's integer device ids) as ints; '@numpy', '@cupy:0' as they are."""
    try:
        return int(text)
    except ValueError:
        return text


def main():
    parser = argparse.ArgumentParser(description='kusari example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100,
                        help='Number of images in each mini-batch')
    parser.add_argument('--epoch', '-e', type=int, default=20,
                        help='Number of sweeps over the dataset to train')
    parser.add_argument('--frequency', '-f', type=int, default=-1,
                        help='Frequency of taking a snapshot (in epochs; default: once, '
                             'at the end)')
    parser.add_argument('--device', '-d', type=device_spec, default=-1,
                        help='Device specifier: -1 or @numpy for the CPU, N or @cupy:N '
                             'for GPU N (needs CuPy)')
    parser.add_argument('--out', '-o', default='result',
                        help='Directory to output the result')
    parser.add_argument('--resume', '-r', type=str,
                        help='Resume the training from snapshot')
    parser.add_argument('--autoload', action='store_true',
                        help='Automatically load the latest trainer snapshot in --out, in '
                             'case of preemption or other temporary system failure')
    parser.add_argument('--unit', '-u', type=int, default=1000,
                        help='Number of units')
    parser.add_argument('--plot', dest='plot', action='store_true', default=True,
                        help='Plot the loss and accuracy (PlotReport; the default)')
    parser.add_argument('--noplot', dest='plot', action='store_false',
                        help='Disable PlotReport extension')
    parser.add_argument('--dataset-root', default=None,
                        help='Directory with the four MNIST files (default: '
                             'KUSARI_DATASET_ROOT; the embedded digits when absent)')
    args = parser.parse_args()

    device = kusari.backend.get_device(args.device)

    print('Device: {}'.format(device))
    print('# unit: {}'.format(args.unit))
    print('# Minibatch-size: {}'.format(args.batchsize))
    print('# epoch: {}'.format(args.epoch))
    print('')

    # Set up a neural network to train
    # Classifier reports softmax cross entropy loss and accuracy at every
    # iteration, which will be used by the PrintReport extension below.
    model = L.Classifier(MLP(args.unit, 10))
    model.to_device(device)
    device.use()

    # Setup an optimizer
    optimizer = kusari.optimizers.Adam()
    optimizer.setup(model)

    # Load the MNIST dataset (or the embedded digits when MNIST is not at hand)
    train, test = get_mnist_or_digits(args.dataset_root)
    print('# train: {}, test: {}, input size: {}'.format(len(train), len(test),
                                                         train[0][0].size))

    train_iter = kusari.iterators.SerialIterator(train, args.batchsize)
    test_iter = kusari.iterators.SerialIterator(test, args.batchsize,
                                                repeat=False, shuffle=False)

    # Set up a trainer
    updater = training.updaters.StandardUpdater(
        train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    # Evaluate the model with the test dataset for each epoch
    trainer.extend(extensions.Evaluator(test_iter, model, device=device),
                   call_before_training=True)

    # Dump a computational graph from 'loss' variable at the first iteration
    # The "main" refers to the target link of the "main" optimizer.
    trainer.extend(extensions.DumpGraph('main/loss'))

    # Take a snapshot for each specified epoch
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)

    # Take a snapshot each ``frequency`` epoch, delete old stale
    # snapshots and automatically load from snapshot files if any
    # files are already resident at result directory.
    trainer.extend(extensions.snapshot(n_retains=1, autoload=args.autoload),
                   trigger=(frequency, 'epoch'))

    # Write a log of evaluation statistics for each epoch
    trainer.extend(extensions.LogReport(), call_before_training=True)

    # Save two plot images to the result dir
    plots = []
    if args.plot and extensions.PlotReport.available():
        trainer.extend(
            extensions.PlotReport(['main/loss', 'validation/main/loss'],
                                  'epoch', file_name='loss.png'),
            call_before_training=True)
        trainer.extend(
            extensions.PlotReport(
                ['main/accuracy', 'validation/main/accuracy'],
                'epoch', file_name='accuracy.png'),
            call_before_training=True)
        plots = ['loss.png', 'accuracy.png']

    # Print selected entries of the log to stdout
    # Here "main" refers to the target link of the "main" optimizer again, and
    # "validation" refers to the default name of the Evaluator extension.
    # Entries other than 'epoch' are reported by the Classifier link, called by
    # either the updater or the evaluator.
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss',
         'main/accuracy', 'validation/main/accuracy', 'elapsed_time']),
        call_before_training=True)

    # Print a progress bar to stdout
    trainer.extend(extensions.ProgressBar())

    if args.resume is not None:
        # Resume from a snapshot
        kusari.serializers.load_npz(args.resume, trainer)

    # Run the training
    trainer.run()

    out = os.path.abspath(args.out)
    snapshots = sorted(name for name in os.listdir(out) if name.startswith('snapshot_iter_'))
    print('')
    print('log:       {}'.format(os.path.join(out, 'log')))
    print('graph:     {}'.format(os.path.join(out, 'cg.dot')))
    if plots:
        print('plots:     {}'.format(', '.join(os.path.join(out, p) for p in plots)))
    print('snapshots: {}'.format(', '.join(os.path.join(out, s) for s in snapshots) or 'none'))


if __name__ == '__main__':
    main()
