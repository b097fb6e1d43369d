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


def sequence_embed(embed, xs):
    x_len = [len(x) for x in xs]
    x_section = numpy.cumsum(x_len[:-1])
    ex = embed(F.concat(xs, axis=0))
    exs = F.split_axis(ex, x_section, 0)
    return exs


class Seq2seq(chainer.Chain):

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
        xs = [x[::-1] for x in xs]
        eos = self.xp.array([EOS], numpy.int32)
        ys_in = [F.concat([eos, y], axis=0) for y in ys]
        ys_out = [F.concat([y, eos], axis=0) for y in ys]

        # Both xs and ys_in are lists of arrays.
        exs = sequence_embed(self.embed_x, xs)
        eys = sequence_embed(self.embed_y, ys_in)

        batch = len(xs)
        # None represents a zero vector in an encoder.
        hx, cx, _ = self.encoder(None, None, exs)
        _, _, os = self.decoder(hx, cx, eys)

        # It is faster to concatenate data before calculating loss
        # because only one matrix multiplication is called.
        concat_os = F.concat(os, axis=0)
        concat_ys_out = F.concat(ys_out, axis=0)
        loss = F.sum(F.softmax_cross_entropy(
            self.W(concat_os), concat_ys_out, reduce='no')) / batch

        chainer.report({'loss': loss}, self)
        n_words = concat_ys_out.shape[0]
        perp = self.xp.exp(loss.array * batch / n_words)
        chainer.report({'perp': perp}, self)
        return loss

    def translate(self, xs, max_length=100):
        batch = len(xs)
        with chainer.no_backprop_mode(), chainer.using_config('train', False):
            xs = [x[::-1] for x in xs]
            exs = sequence_embed(self.embed_x, xs)
            h, c, _ = self.encoder(None, None, exs)
            ys = self.xp.full(batch, EOS, numpy.int32)
            result = []
            for i in range(max_length):
                eys = self.embed_y(ys)
                eys = F.split_axis(eys, batch, 0)
                h, c, ys = self.decoder(h, c, eys)
                cys = F.concat(ys, axis=0)
                wy = self.W(cys)
                ys = self.xp.argmax(wy.array, axis=1).astype(numpy.int32)
                result.append(ys)

        # Use NumPy to remove the EOS tokens and everything after them.
        result = chainer.get_device('@numpy').send(
            self.xp.concatenate([x[None, :] for x in result]).T)
        outs = []
        for y in result:
            inds = numpy.argwhere(y == EOS)
            if len(inds) > 0:
                y = y[:inds[0, 0]]
            outs.append(y)
        return outs


@chainer.dataset.converter()
def convert(batch, device):
    def to_device_batch(batch):
        if device is None:
            return batch
        src_xp = chainer.backend.get_array_module(*batch)
        xp = device.xp
        concat = src_xp.concatenate(batch, axis=0)
        sections = list(numpy.cumsum([len(x) for x in batch[:-1]], dtype=numpy.int32))
        concat_dst = device.send(concat)
        batch_dst = xp.split(concat_dst, sections)
        return batch_dst

    return {'xs': to_device_batch([x for x, _ in batch]),
            'ys': to_device_batch([y for _, y in batch])}


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
