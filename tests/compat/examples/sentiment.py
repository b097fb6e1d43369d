#!/usr/bin/env python
"""Recursive neural network for sentiment analysis on Stanford Sentiment
Treebank trees: the structure of Chainer's ``examples/sentiment``
(``train_sentiment.py`` and the tree reader of ``data.py``).

Trees are read from ``trees/train.txt``, ``trees/dev.txt`` and
``trees/test.txt`` under the current directory, one per line, in the treebank's
format: ``(3 (2 It) (4 (2 is) (3 good)))``.
"""
import argparse
import collections
import re

import numpy as np

import chainer
from chainer.backends import cuda
import chainer.functions as F
import chainer.links as L
from chainer import optimizers
from chainer import reporter
from chainer.training import extensions


def read_tree(text):
    """Parses one bracketed tree into nested lists: [label, word] or [label, left, right]."""
    tokens = re.findall(r'\(|\)|[^\s()]+', text)
    position = 0

    def parse():
        nonlocal position
        assert tokens[position] == '('
        position += 1
        node = []
        while tokens[position] != ')':
            if tokens[position] == '(':
                node.append(parse())
            else:
                node.append(tokens[position])
                position += 1
        position += 1
        return node

    return parse()


def read_corpus(path, max_size):
    with open(path) as f:
        trees = []
        for line in f:
            line = line.strip()
            if line:
                trees.append(read_tree(line))
            if max_size and len(trees) >= max_size:
                break
    return trees


def convert_tree(vocab, tree):
    """Nested lists to nested dicts {'label': int, 'node': word ID or (left, right)}."""
    if len(tree) == 2:
        label, word = tree
        return {'label': int(label), 'node': vocab.setdefault(word, len(vocab))}
    if len(tree) == 3:
        label, left, right = tree
        return {'label': int(label),
                'node': (convert_tree(vocab, left), convert_tree(vocab, right))}
    raise ValueError('a tree node has a label and one word or two children: {}'.format(tree))


class RecursiveNet(chainer.Chain):
    """Composes children bottom-up (tanh of a linear map) and labels every node."""

    def __init__(self, n_vocab, n_units, n_label):
        super(RecursiveNet, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            self.l = L.Linear(n_units * 2, n_units)
            self.w = L.Linear(n_units, n_label)

    def forward(self, trees):
        counts = collections.Counter()
        # Trees differ in shape, so they are walked one at a time.
        loss = sum(self.traverse(tree, counts)[0] for tree in trees)
        reporter.report({'loss': loss}, self)
        reporter.report({'total': counts['total_node']}, self)
        reporter.report({'correct': counts['correct_node']}, self)
        return loss

    def traverse(self, node, counts, root=True):
        """Returns (loss of the subtree, vector of the node), counting correct labels."""
        if isinstance(node['node'], int):
            loss = 0
            vector = self.embed(self.xp.array([node['node']], np.int32))
        else:
            left_loss, left = self.traverse(node['node'][0], counts, root=False)
            right_loss, right = self.traverse(node['node'][1], counts, root=False)
            loss = left_loss + right_loss
            vector = F.tanh(self.l(F.concat((left, right))))
        scores = self.w(vector)
        label = chainer.Variable(self.xp.array([node['label']], np.int32))
        loss += F.softmax_cross_entropy(scores, label)

        correct = int(cuda.to_cpu(scores.array.argmax(1))[0] == node['label'])
        counts['correct_node'] += correct
        counts['total_node'] += 1
        if root:
            counts['correct_root'] += correct
            counts['total_root'] += 1
        return loss, vector


def evaluate(model, test_trees):
    counts = collections.Counter()
    with chainer.using_config('train', False), chainer.no_backprop_mode():
        for tree in test_trees:
            model.traverse(tree, counts)
    for kind in ('node', 'root'):
        correct, total = counts['correct_' + kind], counts['total_' + kind]
        print(' {} accuracy: {:.2f} % ({:,d}/{:,d})'.format(
            kind.capitalize(), 100.0 * correct / total, correct, total))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--epoch', '-e', default=400, type=int)
    parser.add_argument('--unit', '-u', default=30, type=int)
    parser.add_argument('--batchsize', '-b', type=int, default=25)
    parser.add_argument('--label', '-l', type=int, default=5)
    parser.add_argument('--epocheval', '-p', type=int, default=5)
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--test', dest='test', action='store_true')
    parser.set_defaults(test=False)
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()
    max_size = 10 if args.test else None

    vocab = {}
    train_data = [convert_tree(vocab, tree)
                  for tree in read_corpus('trees/train.txt', max_size)]
    train_iter = chainer.iterators.SerialIterator(train_data, args.batchsize)
    validation_data = [convert_tree(vocab, tree)
                       for tree in read_corpus('trees/dev.txt', max_size)]
    validation_iter = chainer.iterators.SerialIterator(
        validation_data, args.batchsize, repeat=False, shuffle=False)
    test_data = [convert_tree(vocab, tree)
                 for tree in read_corpus('trees/test.txt', max_size)]

    model = RecursiveNet(len(vocab), args.unit, args.label)
    model.to_device(device)

    optimizer = optimizers.AdaGrad(lr=0.1)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.WeightDecay(0.0001))

    def _convert(batch, _):
        return batch

    updater = chainer.training.StandardUpdater(
        train_iter, optimizer, device=device, converter=_convert)
    trainer = chainer.training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    trainer.extend(
        extensions.Evaluator(validation_iter, model, device=device, converter=_convert),
        trigger=(args.epocheval, 'epoch'))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.MicroAverage('main/correct', 'main/total', 'main/accuracy'))
    trainer.extend(extensions.MicroAverage(
        'validation/main/correct', 'validation/main/total', 'validation/main/accuracy'))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss',
         'main/accuracy', 'validation/main/accuracy', 'elapsed_time']))
    trainer.run()

    print('Test evaluation')
    evaluate(model, test_data)


if __name__ == '__main__':
    main()
