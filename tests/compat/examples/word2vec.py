#!/usr/bin/env python
"""Skip-gram / continuous bag-of-words embeddings of the Penn Treebank: the
structure of Chainer's ``examples/word2vec/train_word2vec.py`` (a window
iterator, a converter made with ``chainer.dataset.converter``, and the three
output layers: hierarchical softmax, negative sampling, plain softmax).
"""
import argparse
import collections
import os

import numpy as np

import chainer
from chainer.backends import cuda
import chainer.functions as F
import chainer.initializers as I
import chainer.links as L
import chainer.optimizers as O
from chainer import reporter
from chainer import training
from chainer.training import extensions


class ContinuousBoW(chainer.Chain):
    """Predicts each centre word from the mean embedding of its context."""

    def __init__(self, n_vocab, n_units, loss_func):
        super(ContinuousBoW, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units, initialW=I.Uniform(1. / n_units))
            self.loss_func = loss_func

    def forward(self, x, contexts):
        mean_context = F.sum(self.embed(contexts), axis=1) * (1. / contexts.shape[1])
        loss = self.loss_func(mean_context, x)
        reporter.report({'loss': loss}, self)
        return loss


class SkipGram(chainer.Chain):
    """Predicts every context word from the embedding of its centre word."""

    def __init__(self, n_vocab, n_units, loss_func):
        super(SkipGram, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units, initialW=I.Uniform(1. / n_units))
            self.loss_func = loss_func

    def forward(self, x, contexts):
        embedded = self.embed(contexts)
        n_batch, n_context, n_units = embedded.shape
        # One (context embedding, centre word) pair per row.
        centres = F.reshape(F.broadcast_to(x[:, None], (n_batch, n_context)),
                            (n_batch * n_context,))
        loss = self.loss_func(F.reshape(embedded, (n_batch * n_context, n_units)), centres)
        reporter.report({'loss': loss}, self)
        return loss


class SoftmaxCrossEntropyLoss(chainer.Chain):
    """The plain softmax output layer, for comparison with the sampled ones."""

    def __init__(self, n_in, n_out):
        super(SoftmaxCrossEntropyLoss, self).__init__()
        with self.init_scope():
            self.out = L.Linear(n_in, n_out, initialW=0)

    def forward(self, x, t):
        return F.softmax_cross_entropy(self.out(x), t)


class WindowIterator(chainer.dataset.Iterator):
    """Batches of (centre word IDs, IDs of the words around them), in shuffled order.

    Each batch uses a random half-width between 1 and ``window - 1``.
    """

    def __init__(self, dataset, window, batch_size, repeat=True):
        self.dataset = np.array(dataset, np.int32)
        self.window = window
        self.batch_size = batch_size
        self._repeat = repeat
        # Centres far enough from both ends to have a full window.
        self.order = np.random.permutation(len(dataset) - 2 * window).astype(np.int32) + window
        self.current_position = 0
        self.epoch = 0
        self.is_new_epoch = False

    def __next__(self):
        if self.epoch > 0 and not self._repeat:
            raise StopIteration
        start = self.current_position
        stop = start + self.batch_size
        centres = self.order[start:stop]
        half = np.random.randint(self.window - 1) + 1
        shifts = np.concatenate([np.arange(-half, 0), np.arange(1, half + 1)])
        contexts = self.dataset.take(centres[:, None] + shifts[None, :])
        self.is_new_epoch = stop >= len(self.order)
        if self.is_new_epoch:
            np.random.shuffle(self.order)
            self.epoch += 1
            self.current_position = 0
        else:
            self.current_position = stop
        return self.dataset.take(centres), contexts

    @property
    def epoch_detail(self):
        return self.epoch + float(self.current_position) / len(self.order)

    def serialize(self, serializer):
        self.current_position = serializer('current_position', self.current_position)
        self.epoch = serializer('epoch', self.epoch)
        self.is_new_epoch = serializer('is_new_epoch', self.is_new_epoch)
        serializer('order', self.order)


@chainer.dataset.converter()
def convert(batch, device):
    centres, contexts = batch
    return device.send(centres), device.send(contexts)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--unit', '-u', default=100, type=int)
    parser.add_argument('--window', '-w', default=5, type=int)
    parser.add_argument('--batchsize', '-b', type=int, default=1000)
    parser.add_argument('--epoch', '-e', default=20, type=int)
    parser.add_argument('--model', '-m', choices=['skipgram', 'cbow'], default='skipgram')
    parser.add_argument('--negative-size', default=5, type=int)
    parser.add_argument('--out-type', '-o', choices=['hsm', 'ns', 'original'], default='hsm')
    parser.add_argument('--out', default='result')
    parser.add_argument('--test', dest='test', action='store_true')
    parser.set_defaults(test=False)
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()

    train, val, _ = chainer.datasets.get_ptb_words()
    counts = collections.Counter(train)
    counts.update(collections.Counter(val))
    n_vocab = max(train) + 1
    if args.test:
        train = train[:100]
        val = val[:100]

    vocab = chainer.datasets.get_ptb_words_vocabulary()
    index2word = {wid: word for word, wid in vocab.items()}
    print('n_vocab: %d' % n_vocab)
    print('data length: %d' % len(train))

    if args.out_type == 'hsm':
        HSM = L.BinaryHierarchicalSoftmax
        tree = HSM.create_huffman_tree(counts)
        loss_func = HSM(args.unit, tree)
        loss_func.W.array[...] = 0
    elif args.out_type == 'ns':
        cs = [counts[w] for w in range(len(counts))]
        loss_func = L.NegativeSampling(args.unit, cs, args.negative_size)
        loss_func.W.array[...] = 0
    elif args.out_type == 'original':
        loss_func = SoftmaxCrossEntropyLoss(args.unit, n_vocab)
    else:
        raise Exception('Unknown output type: {}'.format(args.out_type))

    if args.model == 'skipgram':
        model = SkipGram(n_vocab, args.unit, loss_func)
    else:
        model = ContinuousBoW(n_vocab, args.unit, loss_func)
    model.to_device(device)

    optimizer = O.Adam()
    optimizer.setup(model)

    train_iter = WindowIterator(train, args.window, args.batchsize)
    val_iter = WindowIterator(val, args.window, args.batchsize, repeat=False)
    updater = training.updaters.StandardUpdater(
        train_iter, optimizer, converter=convert, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    trainer.extend(extensions.Evaluator(val_iter, model, converter=convert, device=device))
    trainer.extend(extensions.LogReport())
    trainer.extend(extensions.PrintReport(
        ['epoch', 'main/loss', 'validation/main/loss']))
    trainer.extend(extensions.ProgressBar())
    trainer.run()

    # Save the word2vec model in the text format of the original word2vec.
    with open(os.path.join(args.out, 'word2vec.model'), 'w') as f:
        f.write('%d %d\n' % (len(index2word), args.unit))
        w = cuda.to_cpu(model.embed.W.array)
        for i, wi in enumerate(w):
            v = ' '.join(map(str, wi))
            f.write('%s %s\n' % (index2word[i], v))


if __name__ == '__main__':
    main()
