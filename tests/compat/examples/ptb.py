#!/usr/bin/env python
"""LSTM language model on the Penn Treebank: the structure of Chainer's
``examples/ptb/train_ptb.py`` (truncated backpropagation through time with a
custom iterator and updater, perplexity reporting, evaluation on copies of the
model whose state is reset by an evaluation hook).
"""
import argparse

import numpy as np

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions


class RNNForLM(chainer.Chain):
    """Embedding, two LSTM layers with dropout, and a softmax layer over the vocabulary."""

    def __init__(self, n_vocab, n_units):
        super(RNNForLM, self).__init__()
        with self.init_scope():
            self.embed = L.EmbedID(n_vocab, n_units)
            self.l1 = L.LSTM(n_units, n_units)
            self.l2 = L.LSTM(n_units, n_units)
            self.l3 = L.Linear(n_units, n_vocab)
        for param in self.params():
            param.array[...] = np.random.uniform(-0.1, 0.1, param.shape)

    def reset_state(self):
        self.l1.reset_state()
        self.l2.reset_state()

    def forward(self, x):
        h = self.embed(x)
        for layer in (self.l1, self.l2, self.l3):
            h = layer(F.dropout(h))
        return h


class ParallelSequentialIterator(chainer.dataset.Iterator):
    """Reads the corpus as ``batch_size`` streams starting at evenly spaced offsets.

    Each batch pairs every stream's current word with the word after it.
    """

    def __init__(self, dataset, batch_size, repeat=True):
        super(ParallelSequentialIterator, self).__init__()
        self.dataset = dataset
        self.batch_size = batch_size
        self.repeat = repeat
        self.offsets = [len(dataset) * i // batch_size for i in range(batch_size)]
        self.reset()

    def reset(self):
        self.iteration = 0
        self.epoch = 0
        self.is_new_epoch = False
        self._previous_epoch_detail = -1.

    def _words_at(self, iteration):
        return [self.dataset[(offset + iteration) % len(self.dataset)]
                for offset in self.offsets]

    def __next__(self):
        if not self.repeat and self.iteration * self.batch_size >= len(self.dataset):
            raise StopIteration
        batch = list(zip(self._words_at(self.iteration), self._words_at(self.iteration + 1)))
        self._previous_epoch_detail = self.epoch_detail
        self.iteration += 1
        epoch = self.iteration * self.batch_size // len(self.dataset)
        self.is_new_epoch = epoch > self.epoch
        self.epoch = epoch
        return batch

    @property
    def epoch_detail(self):
        return self.iteration * self.batch_size / len(self.dataset)

    @property
    def previous_epoch_detail(self):
        return None if self._previous_epoch_detail < 0 else self._previous_epoch_detail

    def serialize(self, serializer):
        self.iteration = serializer('iteration', self.iteration)
        self.epoch = serializer('epoch', self.epoch)
        self._previous_epoch_detail = serializer(
            'previous_epoch_detail', self._previous_epoch_detail)


class BPTTUpdater(training.updaters.StandardUpdater):
    """Accumulates the loss over ``bprop_len`` steps, then backpropagates and truncates."""

    def __init__(self, train_iter, optimizer, bprop_len, device):
        super(BPTTUpdater, self).__init__(train_iter, optimizer, device=device)
        self.bprop_len = bprop_len

    def update_core(self):
        iterator = self.get_iterator('main')
        optimizer = self.get_optimizer('main')
        model = optimizer.target
        loss = 0
        for _ in range(self.bprop_len):
            words, next_words = self.converter(iterator.__next__(), self.device)
            loss += model(words, next_words)
        model.cleargrads()
        loss.backward()
        loss.unchain_backward()  # the next window starts a new graph
        optimizer.update()


def compute_perplexity(result):
    """LogReport postprocess: perplexities from the mean cross entropies."""
    result['perplexity'] = np.exp(result['main/loss'])
    if 'validation/main/loss' in result:
        result['val_perplexity'] = np.exp(result['validation/main/loss'])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--batchsize', '-b', type=int, default=20)
    parser.add_argument('--bproplen', '-l', type=int, default=35)
    parser.add_argument('--epoch', '-e', type=int, default=39)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--gradclip', '-c', type=float, default=5)
    parser.add_argument('--out', '-o', default='result')
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--test', action='store_true')
    parser.add_argument('--unit', '-u', type=int, default=650)
    parser.add_argument('--model', '-m', default='model.npz')
    args = parser.parse_args()

    device = chainer.get_device(args.device)
    device.use()

    train, val, test = chainer.datasets.get_ptb_words()
    n_vocab = max(train) + 1
    print('#vocab = {}'.format(n_vocab))
    vocab = chainer.datasets.get_ptb_words_vocabulary()
    print('#words in the vocabulary file = {}'.format(len(vocab)))

    if args.test:
        train = train[:100]
        val = val[:100]
        test = test[:100]

    train_iter = ParallelSequentialIterator(train, args.batchsize)
    val_iter = ParallelSequentialIterator(val, 1, repeat=False)
    test_iter = ParallelSequentialIterator(test, 1, repeat=False)

    rnn = RNNForLM(n_vocab, args.unit)
    model = L.Classifier(rnn)
    model.compute_accuracy = False
    model.to_device(device)

    optimizer = chainer.optimizers.SGD(lr=1.0)
    optimizer.setup(model)
    optimizer.add_hook(chainer.optimizer_hooks.GradientClipping(args.gradclip))

    updater = BPTTUpdater(train_iter, optimizer, args.bproplen, device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)

    eval_model = model.copy()  # the evaluation shares parameters, not LSTM state
    eval_rnn = eval_model.predictor
    trainer.extend(extensions.Evaluator(
        val_iter, eval_model, device=device,
        eval_hook=lambda _: eval_rnn.reset_state()))

    interval = 10 if args.test else 500
    trainer.extend(extensions.LogReport(postprocess=compute_perplexity,
                                        trigger=(interval, 'iteration')))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'iteration', 'perplexity', 'val_perplexity']),
        trigger=(interval, 'iteration'))
    trainer.extend(extensions.ProgressBar(update_interval=1 if args.test else 10))
    trainer.extend(extensions.snapshot())
    trainer.extend(extensions.snapshot_object(model, 'model_iter_{.updater.iteration}'))
    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    trainer.run()

    print('test')
    eval_rnn.reset_state()
    evaluator = extensions.Evaluator(test_iter, eval_model, device=device)
    result = evaluator()
    print('test perplexity: {}'.format(np.exp(float(result['main/loss']))))

    print('save the model')
    model.to_cpu()
    chainer.serializers.save_npz('{}/{}'.format(args.out, args.model), model)


if __name__ == '__main__':
    main()
