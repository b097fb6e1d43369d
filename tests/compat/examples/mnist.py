#!/usr/bin/env python
"""MNIST classification with an MLP: the structure of Chainer's ``examples/mnist``.

Two modes, as in the official example folder: the Trainer with its standard
extensions (``train_mnist.py``) and a hand-written training loop
(``train_mnist_custom_loop.py``). Written for kusari's compatibility tests; it
uses only Chainer's API and runs unchanged on Chainer 7.
"""
import argparse

import numpy

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


class MLP(chainer.Chain):

    def __init__(self, n_units, n_out):
        super(MLP, self).__init__()
        with self.init_scope():
            # Input sizes are inferred at the first call.
            self.l1 = L.Linear(None, n_units)
            self.l2 = L.Linear(None, n_units)
            self.l3 = L.Linear(None, n_out)

    def forward(self, x):
        h1 = F.relu(self.l1(x))
        h2 = F.relu(self.l2(h1))
        return self.l3(h2)


def train_with_trainer(args, device, model, train, test):
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)

    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize,
                                                 repeat=False, shuffle=False)
    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    trainer.extend(extensions.Evaluator(test_iter, model, device=device),
                   call_before_training=True)
    trainer.extend(extensions.DumpGraph('main/loss'))
    frequency = args.epoch if args.frequency == -1 else max(1, args.frequency)
    trainer.extend(extensions.snapshot(n_retains=1, autoload=args.autoload),
                   trigger=(frequency, 'epoch'))
    trainer.extend(extensions.LogReport(), call_before_training=True)
    if args.plot and extensions.PlotReport.available():
        trainer.extend(extensions.PlotReport(
            ['main/loss', 'validation/main/loss'], 'epoch', filename='loss.png'),
            call_before_training=True)
        trainer.extend(extensions.PlotReport(
            ['main/accuracy', 'validation/main/accuracy'], 'epoch',
            filename='accuracy.png'), call_before_training=True)
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss',
         'main/accuracy', 'validation/main/accuracy', 'elapsed_time']),
        call_before_training=True)
    trainer.extend(extensions.ProgressBar())

    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()


def train_with_custom_loop(args, device, model, train, test):
    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)
    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize,
                                                 repeat=False, shuffle=False)
    sum_accuracy = 0
    sum_loss = 0
    while train_iter.epoch < args.epoch:
        batch = train_iter.next()
        x, t = chainer.dataset.concat_examples(batch, device)
        optimizer.update(model, x, t)
        sum_loss += float(model.loss.array) * len(t)
        sum_accuracy += float(model.accuracy.array) * len(t)
        if train_iter.is_new_epoch:
            print('epoch: {} train mean loss: {:.4f}, accuracy: {:.4f}'.format(
                train_iter.epoch, sum_loss / len(train), sum_accuracy / len(train)))
            sum_accuracy = 0
            sum_loss = 0
            with chainer.using_config('train', False), chainer.no_backprop_mode():
                for batch in test_iter:
                    x, t = chainer.dataset.concat_examples(batch, device)
                    loss = model(x, t)
                    sum_loss += float(loss.array) * len(t)
                    sum_accuracy += float(model.accuracy.array) * len(t)
            test_iter.reset()
            print('test mean loss: {:.4f}, accuracy: {:.4f}'.format(
                sum_loss / len(test), sum_accuracy / len(test)))
            sum_accuracy = 0
            sum_loss = 0
    chainer.serializers.save_npz('{}/mlp.model'.format(args.out), model)
    chainer.serializers.save_npz('{}/mlp.state'.format(args.out), optimizer)


def main():
    parser = argparse.ArgumentParser(description='Chainer example: MNIST')
    parser.add_argument('--batchsize', '-b', type=int, default=100)
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--frequency', '-f', type=int, default=-1)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--autoload', action='store_true')
    parser.add_argument('--unit', '-u', type=int, default=1000)
    parser.add_argument('--noplot', dest='plot', action='store_false')
    parser.add_argument('--custom-loop', action='store_true')
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    print('Device: {}'.format(device))
    print('# unit: {}'.format(args.unit))
    print('# Minibatch-size: {}'.format(args.batchsize))
    print('# epoch: {}'.format(args.epoch))

    model = L.Classifier(MLP(args.unit, 10))
    model.to_device(device)
    device.use()

    train, test = chainer.datasets.get_mnist()
    assert train[0][0].dtype == numpy.float32 and train[0][0].shape == (784,)
    if args.custom_loop:
        train_with_custom_loop(args, device, model, train, test)
    else:
        train_with_trainer(args, device, model, train, test)


if __name__ == '__main__':
    main()
