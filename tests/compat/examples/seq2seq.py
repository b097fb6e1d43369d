#!/usr/bin/env python
"""Sequence-to-sequence translation with NStepLSTM encoder and decoder: the
structure of Chainer's ``examples/seq2seq/seq2seq.py``.

The official example scores translations with BLEU from NLTK; this copy
reports the exact-match rate instead, to need nothing beyond Chainer.
"""
import argparse
import datetime

import numpy

import chainer
from chainer.backends import cuda
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

UNK = 0
EOS = 1


def embed_sequences(embed, sequences):
    """Embeds variable-length ID arrays with one EmbedID call; returns one Variable each."""
    boundaries = numpy.cumsum([len(s) for s in sequences[:-1]])
    embedded = embed(F.concat(sequences, axis=0))
    return F.split_axis(embedded, boundaries, 0)


class Seq2seq(chainer.Chain):
    """An NStepLSTM encoder reads the reversed source; a decoder emits the target."""

    def __init__(self, n_layers, n_source_vocab, n_target_vocab, n_units):
        super(Seq2seq, self).__init__()
        with self.init_scope():
            self.embed_x = L.EmbedID(n_source_vocab, n_units)
            self.embed_y = L.EmbedID(n_target_vocab, n_units)
            self.encoder = L.NStepLSTM(n_layers, n_units, n_units, 0.1)
            self.decoder = L.NStepLSTM(n_layers, n_units, n_units, 0.1)
            self.W = L.Linear(n_units, n_target_vocab)
        self.n_layers = n_layers
        self.n_units = n_units

    def forward(self, xs, ys):
        eos = self.xp.array([EOS], numpy.int32)
        decoder_inputs = [F.concat([eos, y], axis=0) for y in ys]
        decoder_targets = [F.concat([y, eos], axis=0) for y in ys]

        # Initial states of None are zeros.
        h, c, _ = self.encoder(None, None, embed_sequences(self.embed_x, [x[::-1] for x in xs]))
        _, _, outputs = self.decoder(h, c, embed_sequences(self.embed_y, decoder_inputs))

        # One output layer call for all time steps of all sentences.
        targets = F.concat(decoder_targets, axis=0)
        scores = self.W(F.concat(outputs, axis=0))
        n_sentences = len(xs)
        loss = F.sum(F.softmax_cross_entropy(scores, targets, reduce='no')) / n_sentences
        chainer.report({'loss': loss}, self)
        perplexity = self.xp.exp(loss.array * n_sentences / targets.shape[0])
        chainer.report({'perp': perplexity}, self)
        return loss

    def translate(self, xs, max_length=100):
        """Greedy decoding; returns one NumPy array of target IDs per source, EOS cut off."""
        n_sentences = len(xs)
        with chainer.no_backprop_mode(), chainer.using_config('train', False):
            h, c, _ = self.encoder(
                None, None, embed_sequences(self.embed_x, [x[::-1] for x in xs]))
            words = self.xp.full(n_sentences, EOS, numpy.int32)
            steps = []
            for _ in range(max_length):
                inputs = F.split_axis(self.embed_y(words), n_sentences, 0)
                h, c, outputs = self.decoder(h, c, inputs)
                scores = self.W(F.concat(outputs, axis=0))
                words = self.xp.argmax(scores.array, axis=1).astype(numpy.int32)
                steps.append(words)
        table = chainer.get_device('@numpy').send(self.xp.stack(steps, axis=1))
        results = []
        for row in table:
            ends = numpy.flatnonzero(row == EOS)
            results.append(row[:ends[0]] if len(ends) else row)
        return results


@chainer.dataset.converter()
def convert(batch, device):
    """Sends the source and target arrays of a batch to ``device`` in one transfer each."""

    def send(arrays):
        if device is None:
            return arrays
        xp = chainer.backend.get_array_module(*arrays)
        joined = device.send(xp.concatenate(arrays, axis=0))
        boundaries = numpy.cumsum([len(a) for a in arrays[:-1]], dtype=numpy.int32)
        return device.xp.split(joined, list(boundaries))

    return {'xs': send([source for source, _ in batch]),
            'ys': send([target for _, target in batch])}


class CalculateExactMatch(chainer.training.Extension):
    """Reports the fraction of validation sentences translated exactly."""

    trigger = 1, 'epoch'
    priority = chainer.training.PRIORITY_WRITER

    def __init__(self, model, test_data, key, device, batch=100, max_length=100):
        self.model = model
        self.test_data = test_data
        self.key = key
        self.batch = batch
        self.device = device
        self.max_length = max_length

    def __call__(self, trainer):
        device = self.device
        matches = 0
        with chainer.no_backprop_mode():
            for i in range(0, len(self.test_data), self.batch):
                sources, targets = zip(*self.test_data[i:i + self.batch])
                sources = [device.send(x) for x in sources]
                ys = self.model.translate(sources, self.max_length)
                matches += sum(y.tolist() == t.tolist() for y, t in zip(ys, targets))
        chainer.report({self.key: matches / len(self.test_data)})


def load_vocabulary(path):
    with open(path) as f:
        # +2 for UNK and EOS
        word_ids = {line.strip(): i + 2 for i, line in enumerate(f)}
    word_ids['<UNK>'] = 0
    word_ids['<EOS>'] = 1
    return word_ids


def load_data(vocabulary, path):
    data = []
    with open(path) as f:
        for line in f:
            words = line.strip().split()
            array = numpy.array([vocabulary.get(w, UNK) for w in words], numpy.int32)
            data.append(array)
    return data


def load_data_using_dataset_api(src_vocab, src_path, target_vocab, target_path, filter_func):

    def _transform_line(vocabulary, line):
        words = line.strip().split()
        return numpy.array([vocabulary.get(w, UNK) for w in words], numpy.int32)

    def _transform(example):
        source, target = example
        return (_transform_line(src_vocab, source),
                _transform_line(target_vocab, target))

    return chainer.datasets.TransformDataset(
        chainer.datasets.TextDataset([src_path, target_path], encoding='utf-8',
                                     filter_func=filter_func),
        _transform)


def main():
    parser = argparse.ArgumentParser(description='Chainer example: seq2seq')
    parser.add_argument('SOURCE')
    parser.add_argument('TARGET')
    parser.add_argument('SOURCE_VOCAB')
    parser.add_argument('TARGET_VOCAB')
    parser.add_argument('--validation-source')
    parser.add_argument('--validation-target')
    parser.add_argument('--batchsize', '-b', type=int, default=64)
    parser.add_argument('--epoch', '-e', type=int, default=20)
    parser.add_argument('--resume', '-r', type=str)
    parser.add_argument('--save', '-s', type=str)
    parser.add_argument('--unit', '-u', type=int, default=1024)
    parser.add_argument('--layer', '-l', type=int, default=3)
    parser.add_argument('--use-dataset-api', default=False, action='store_true')
    parser.add_argument('--min-source-sentence', type=int, default=1)
    parser.add_argument('--max-source-sentence', type=int, default=50)
    parser.add_argument('--min-target-sentence', type=int, default=1)
    parser.add_argument('--max-target-sentence', type=int, default=50)
    parser.add_argument('--log-interval', type=int, default=200)
    parser.add_argument('--validation-interval', type=int, default=4000)
    parser.add_argument('--device', '-d', type=str, default='-1')
    parser.add_argument('--out', '-o', default='result')
    args = parser.parse_args()

    device = chainer.get_device(args.device)

    source_ids = load_vocabulary(args.SOURCE_VOCAB)
    target_ids = load_vocabulary(args.TARGET_VOCAB)
    if args.use_dataset_api:
        def _filter_func(s, t):
            sl = len(s.strip().split())
            tl = len(t.strip().split())
            return (args.min_source_sentence <= sl <= args.max_source_sentence and
                    args.min_target_sentence <= tl <= args.max_target_sentence)

        train_data = load_data_using_dataset_api(
            source_ids, args.SOURCE, target_ids, args.TARGET, _filter_func)
    else:
        train_source = load_data(source_ids, args.SOURCE)
        train_target = load_data(target_ids, args.TARGET)
        assert len(train_source) == len(train_target)
        train_data = [
            (s, t) for s, t in zip(train_source, train_target)
            if (args.min_source_sentence <= len(s) <= args.max_source_sentence and
                args.min_target_sentence <= len(t) <= args.max_target_sentence)]
    print('[{}] Dataset loaded.'.format(datetime.datetime.now()))
    print('Train data size: {}'.format(len(train_data)))

    target_words = {i: w for w, i in target_ids.items()}
    source_words = {i: w for w, i in source_ids.items()}

    model = Seq2seq(args.layer, len(source_ids), len(target_ids), args.unit)
    model.to_device(device)

    optimizer = chainer.optimizers.Adam()
    optimizer.setup(model)

    train_iter = chainer.iterators.SerialIterator(train_data, args.batchsize)
    updater = training.updaters.StandardUpdater(
        train_iter, optimizer, converter=convert, device=device)
    trainer = training.Trainer(updater, (args.epoch, 'epoch'), out=args.out)
    trainer.extend(extensions.LogReport(trigger=(args.log_interval, 'iteration')))
    trainer.extend(extensions.PrintReport(
        ['epoch', 'iteration', 'main/loss', 'main/perp', 'validation/main/match',
         'elapsed_time']), trigger=(args.log_interval, 'iteration'))
    trainer.extend(extensions.snapshot(filename='snapshot_epoch_{.updater.iteration}'),
                   trigger=(args.validation_interval, 'iteration'))

    if args.validation_source and args.validation_target:
        test_source = load_data(source_ids, args.validation_source)
        test_target = load_data(target_ids, args.validation_target)
        assert len(test_source) == len(test_target)
        test_data = list(zip(test_source, test_target))
        test_data = [(s, t) for s, t in test_data if 0 < len(s) and 0 < len(t)]

        @chainer.training.make_extension()
        def translate(trainer):
            source, target = test_data[numpy.random.choice(len(test_data))]
            result = model.translate([model.xp.array(source)])[0]
            print('# source : ' + ' '.join(source_words[x] for x in source))
            print('# result : ' + ' '.join(target_words[y] for y in cuda.to_cpu(result)))
            print('# expect : ' + ' '.join(target_words[y] for y in target))

        trainer.extend(translate, trigger=(args.validation_interval, 'iteration'))
        trainer.extend(CalculateExactMatch(model, test_data, 'validation/main/match',
                                           device, max_length=10),
                       trigger=(args.validation_interval, 'iteration'))

    if args.resume is not None:
        chainer.serializers.load_npz(args.resume, trainer)
    print('start training')
    trainer.run()

    if args.save is not None:
        chainer.serializers.save_npz(args.save, model)


if __name__ == '__main__':
    main()
