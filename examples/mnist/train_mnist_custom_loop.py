#!/usr/bin/env python
"""Train an MLP on MNIST with kusari in a plain Python loop (no Trainer).

Uses MNIST when its four files are found (``--dataset-root`` or
``KUSARI_DATASET_ROOT``) and otherwise the small digits dataset shipped with kusari,
so it runs offline.

    python examples/mnist/train_mnist_custom_loop.py --epoch 20
"""

import argparse
import time

import numpy

import kusari
import kusari.functions as F
import kusari.links as L
from kusari import iterators, optimizers
from kusari.dataset import concat_examples
from kusari.datasets import get_mnist_or_digits


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


def evaluate(model, test_iter):
    """Mean loss and accuracy over the test set, without building a graph."""
    total_loss = total_acc = count = 0.0
    test_iter.reset()
    with kusari.using_config('train', False), kusari.no_backprop_mode():
        for batch in test_iter:
            x, t = concat_examples(batch)
            loss = model(x, t)
            total_loss += float(loss.array) * len(t)
            total_acc += float(model.accuracy.array) * len(t)
            count += len(t)
    return total_loss / count, total_acc / count


def main():
    parser = argparse.ArgumentParser(description='kusari example: MNIST, custom loop')
    parser.add_argument('--dataset-root', default=None,
                        help='directory with the four MNIST files (default: '
                             'KUSARI_DATASET_ROOT; the embedded digits when absent)')
    parser.add_argument('--batchsize', '-b', type=int, default=100)
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--unit', '-u', type=int, default=1000)
    parser.add_argument('--seed', type=int, default=0)
    args = parser.parse_args()

    numpy.random.seed(args.seed)
    train, test = get_mnist_or_digits(args.dataset_root)
    print('training on {} examples, testing on {}'.format(len(train), len(test)))
    model = L.Classifier(MLP(args.unit, 10))
    optimizer = optimizers.Adam()
    optimizer.setup(model)

    train_iter = iterators.SerialIterator(train, args.batchsize)
    test_iter = iterators.SerialIterator(test, args.batchsize, repeat=False, shuffle=False)

    start = time.time()
    sum_loss = sum_acc = seen = 0.0
    while train_iter.epoch < args.epoch:
        x, t = concat_examples(train_iter.next())
        optimizer.update(model, x, t)
        sum_loss += float(model.loss.array) * len(t)
        sum_acc += float(model.accuracy.array) * len(t)
        seen += len(t)
        if train_iter.is_new_epoch:
            test_loss, test_acc = evaluate(model, test_iter)
            print('epoch {:3d}  train loss {:.4f} acc {:.4f}  test loss {:.4f} acc {:.4f}  '
                  '({:.1f} s)'.format(train_iter.epoch, sum_loss / seen, sum_acc / seen,
                                      test_loss, test_acc, time.time() - start), flush=True)
            sum_loss = sum_acc = seen = 0.0


if __name__ == '__main__':
    main()
