"""Tiny datasets written the way Chainer v7.8.1 caches them.

Chainer's loaders keep what they parsed under ``<dataset root>/pfnet/chainer/<name>/``:
``numpy.savez_compressed`` archives (MNIST-format ``train.npz``/``test.npz`` with ``x``
(N, 784) and ``y`` (N,) uint8; ``cifar-10.npz``/``cifar-100.npz`` with
``train_x``/``test_x`` (N, 3072) and ``train_y``/``test_y`` (N,) uint8; SVHN's
``train.npz``/``test.npz`` with the .mat file's ``X`` (32, 32, 3, N) and ``y`` (N, 1),
the digit 0 labelled 10; PTB's ``train.npz``/``valid.npz``/``test.npz`` with ``x``
int32 word IDs) and PTB's ``vocab.txt`` (one word a line, in ID order). A loader that
finds these needs neither raw files nor the network.
"""

import os

import numpy


def dataset_directory(root, name):
    """``<root>/pfnet/chainer/<name>``, created."""
    path = os.path.join(str(root), 'pfnet', 'chainer', name)
    os.makedirs(path, exist_ok=True)
    return path


def write_mnist(root, rng, n_train, n_test, name='mnist'):
    """MNIST (or ``fashion-mnist``, ``kuzushiji_mnist``); returns {split: (x, y)}."""
    directory = dataset_directory(root, name)
    arrays = {}
    for split, n in (('train', n_train), ('test', n_test)):
        x = rng.randint(0, 256, (n, 784)).astype(numpy.uint8)
        y = (numpy.arange(n) % 10).astype(numpy.uint8)  # every class present
        numpy.savez_compressed(os.path.join(directory, split + '.npz'), x=x, y=y)
        arrays[split] = x, y
    return arrays


def write_cifar(root, rng, n_classes, n_train, n_test):
    """CIFAR-10 or CIFAR-100 (``n_classes``); returns the arrays by name."""
    arrays = {}
    for split, n in (('train', n_train), ('test', n_test)):
        arrays[split + '_x'] = rng.randint(0, 256, (n, 3072)).astype(numpy.uint8)
        arrays[split + '_y'] = (numpy.arange(n) % n_classes).astype(numpy.uint8)
    numpy.savez_compressed(
        os.path.join(dataset_directory(root, 'cifar'), 'cifar-{}.npz'.format(n_classes)),
        **arrays)
    return arrays


def write_svhn(root, rng, n_train, n_test):
    """SVHN; returns {split: (X, y)} as stored (y of 10 for the digit 0)."""
    directory = dataset_directory(root, 'svhn')
    arrays = {}
    for split, n in (('train', n_train), ('test', n_test)):
        x = rng.randint(0, 256, (32, 32, 3, n)).astype(numpy.uint8)
        y = (numpy.arange(n) % 10 + 1).astype(numpy.uint8).reshape(n, 1)
        numpy.savez_compressed(os.path.join(directory, split + '.npz'), x=x, y=y)
        arrays[split] = x, y
    return arrays


def write_ptb(root, rng, n_words, lengths):
    """PTB with ``n_words`` words (``<eos>`` among them, as in the real vocabulary).

    ``lengths`` gives the number of word IDs of each split. The training IDs start with
    every word once, so the vocabulary is in order of first appearance as Chainer's.
    Returns (words in ID order, {split: IDs}).
    """
    directory = dataset_directory(root, 'ptb')
    words = ['w{}'.format(i) for i in range(n_words - 2)] + ['<eos>', '<unk>']
    with open(os.path.join(directory, 'vocab.txt'), 'w') as f:
        f.write(''.join(word + '\n' for word in words))
    ids = {}
    for split, length in lengths.items():
        x = rng.randint(0, n_words, length).astype(numpy.int32)
        if split == 'train':
            x[:n_words] = numpy.arange(n_words)
        numpy.savez_compressed(os.path.join(directory, split + '.npz'), x=x)
        ids[split] = x
    return words, ids
