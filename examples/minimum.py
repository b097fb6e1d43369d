#!/usr/bin/env python
"""Define-and-run baseline: an MLP trained with nothing but NumPy.

Every layer writes its own forward and backward by hand; this is what kusari
automates, and the speed kusari is measured against. Data comes from MNIST when its
four files are found (``--dataset-root`` or ``KUSARI_DATASET_ROOT``), otherwise from
the small digits dataset shipped with kusari.

    python examples/minimum.py --epoch 30
"""

import argparse
import time

import numpy

from kusari.datasets import get_mnist_or_digits


class Linear:
    def __init__(self, n_in, n_out, rng):
        self.W = (rng.standard_normal((n_in, n_out)) * numpy.sqrt(1.0 / n_in)).astype(
            numpy.float32)
        self.b = numpy.zeros(n_out, numpy.float32)

    def __call__(self, x):
        self.x = x
        return x @ self.W + self.b

    def backward(self, gy):
        self.gW = self.x.T @ gy
        self.gb = gy.sum(axis=0)
        return gy @ self.W.T

    def update(self, lr):
        self.W -= lr * self.gW
        self.b -= lr * self.gb


class ReLU:
    def __call__(self, x):
        self.mask = x > 0
        return x * self.mask

    def backward(self, gy):
        return gy * self.mask

    def update(self, lr):
        pass


def softmax_cross_entropy(y, t):
    """Mean loss and its gradient with respect to the scores ``y``."""
    y = y - y.max(axis=1, keepdims=True)
    log_p = y - numpy.log(numpy.exp(y).sum(axis=1, keepdims=True))
    n = len(t)
    loss = -log_p[numpy.arange(n), t].mean()
    grad = numpy.exp(log_p)
    grad[numpy.arange(n), t] -= 1
    return loss, grad / n


def main():
    parser = argparse.ArgumentParser(description='MLP in bare NumPy (define-and-run)')
    parser.add_argument('--dataset-root', default=None,
                        help='directory with the four MNIST files (default: '
                             'KUSARI_DATASET_ROOT; the embedded digits when absent)')
    parser.add_argument('--epoch', type=int, default=30)
    parser.add_argument('--batchsize', type=int, default=100)
    parser.add_argument('--unit', type=int, default=100)
    parser.add_argument('--lr', type=float, default=0.1)
    parser.add_argument('--seed', type=int, default=0)
    args = parser.parse_args()

    train, test = get_mnist_or_digits(args.dataset_root)
    x_train, t_train = (numpy.asarray(a) for a in train._datasets)
    x_test, t_test = (numpy.asarray(a) for a in test._datasets)
    rng = numpy.random.default_rng(args.seed)
    layers = [Linear(x_train.shape[1], args.unit, rng), ReLU(),
              Linear(args.unit, args.unit, rng), ReLU(), Linear(args.unit, 10, rng)]

    def predict(x):
        for layer in layers:
            x = layer(x)
        return x

    start = time.time()
    for epoch in range(1, args.epoch + 1):
        order = rng.permutation(len(x_train))
        total = 0.0
        for i in range(0, len(order), args.batchsize):
            index = order[i:i + args.batchsize]
            loss, grad = softmax_cross_entropy(predict(x_train[index]), t_train[index])
            total += loss * len(index)
            for layer in reversed(layers):
                grad = layer.backward(grad)
            for layer in layers:
                layer.update(args.lr)
        accuracy = (predict(x_test).argmax(axis=1) == t_test).mean()
        print('epoch {:3d}  loss {:.4f}  test accuracy {:.4f}  ({:.1f} s)'.format(
            epoch, total / len(x_train), accuracy, time.time() - start))


if __name__ == '__main__':
    main()
