#!/usr/bin/env python
"""CIFAR-10/100 classification with a VGG-style network: the structure of
Chainer's ``examples/cifar`` (``train_cifar.py`` and ``models/VGG.py``).

``--width`` scales every layer's channels (1.0 is VGG's 64...512) so that the
compatibility tests can run a few iterations quickly.
"""
import argparse

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions
from chainer.training import triggers

from chainer.datasets import get_cifar10
from chainer.datasets import get_cifar100


class Block(chainer.Chain):
    """Convolution, batch normalization and ReLU."""

    def __init__(self, out_channels, ksize, pad=1):
        super(Block, self).__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(None, out_channels, ksize, pad=pad, nobias=True)
            self.bn = L.BatchNormalization(out_channels)

    def forward(self, x):
        return F.relu(self.bn(self.conv(x)))


class VGG(chainer.Chain):
    """VGG with dropout, batch normalization and five pooling stages."""

    # (channels, dropout ratio after the block or None) per block; 'M' pools.
    plan = [(64, .3), (64, None), 'M', (128, .4), (128, None), 'M',
            (256, .4), (256, .4), (256, None), 'M', (512, .4), (512, .4),
            (512, None), 'M', (512, .4), (512, .4), (512, None), 'M']

    def __init__(self, class_labels=10, width=1.0):
        super(VGG, self).__init__()
        self.width = width
        with self.init_scope():
            self.blocks = chainer.ChainList(
                *[Block(max(1, int(c * width)), 3) for c in
                  (item[0] for item in self.plan if item != 'M')])
            self.fc1 = L.Linear(None, max(1, int(512 * width)), nobias=True)
            self.bn_fc1 = L.BatchNormalization(max(1, int(512 * width)))
            self.fc2 = L.Linear(None, class_labels, nobias=True)

    def forward(self, x):
        h = x
        blocks = iter(self.blocks)
        for item in self.plan:
            if item == 'M':
                h = F.max_pooling_2d(h, ksize=2, stride=2)
                continue
            h = next(blocks)(h)
            if item[1] is not None:
                h = F.dropout(h, ratio=item[1])
        h = F.dropout(h, ratio=0.5)
        h = self.fc1(h)
        h = self.bn_fc1(h)
        h = F.relu(h)
        h = F.dropout(h, ratio=0.5)
        return self.fc2(h)


def main():
    parser = argparse.ArgumentParser(description='Chainer CIFAR example:')
    parser.add_argument('--dataset', default='cifar10')
    parser.add_argument('--batchsize', '-b', type=int, default=64)
    parser.add_argument('--learnrate', '-l', type=float, default=0.05)
    parser.add_argument('--epoch', '-e', type=int, default=300)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--early-stopping', type=str)
    parser.add_argument('--width', type=float, default=1.0)
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()
    print('Device: {}'.format(device))

    if args.dataset == 'cifar10':
        class_labels = 10
        train, test = get_cifar10()
    elif args.dataset == 'cifar100':
        class_labels = 100
        train, test = get_cifar100()
    else:
        raise RuntimeError('Invalid dataset choice.')
    model = L.Classifier(VGG(class_labels, args.width))
    model.to_device(device)

    optimizer = chainer.optimizers.MomentumSGD(args.learnrate)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(5e-4))

    train_iter = chainer.iterators.SerialIterator(train, args.batchsize)
    test_iter = chainer.iterators.SerialIterator(test, args.batchsize,
                                                 repeat=False, shuffle=False)

    stop_trigger = (args.epoch, 'epoch')
    if args.early_stopping:
        stop_trigger = triggers.EarlyStoppingTrigger(
            monitor=args.early_stopping, verbose=True,
            max_trigger=(args.epoch, 'epoch'))

    updater = training.updaters.StandardUpdater(train_iter, optimizer, device=device)
    trainer = training.Trainer(updater, stop_trigger, out=args.out)
    trainer.extend(extensions.Evaluator(test_iter, model, device=device))
    # Halve the learning rate every 25 epochs.
    trainer.extend(extensions.ExponentialShift('lr', 0.5), trigger=(25, 'epoch'))
    trainer.extend(extensions.DumpGraph('main/loss'))
    trainer.extend(extensions.snapshot(filename='snaphot_epoch_{.updater.epoch}'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.observe_lr())
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
         'validation/main/accuracy', 'lr', 'elapsed_time']))
    trainer.extend(extensions.ProgressBar())

    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()


if __name__ == '__main__':
    main()
