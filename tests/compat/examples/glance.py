"""Edible or poisonous? A small binary classifier in the style of Chainer's
"glance" example: a script with no functions, Sequential model, Classifier with
a sigmoid loss, and the Trainer with evaluation, graph dump, snapshots, logs,
plots and a printed report (the deprecated ``dump_graph`` and ``file_name=``
spellings included, as that example uses them).

Reads ``mushrooms.csv`` from the current directory: a header, then the class
letter and the attribute letters of one mushroom per line.
Usage: ``python glance.py [EPOCHS]``.
"""
import sys

import matplotlib
import numpy as np

import chainer as ch
from chainer import datasets
import chainer.functions as F
import chainer.links as L
from chainer import training
from chainer.training import extensions

matplotlib.use('Agg')
epochs = int(sys.argv[1]) if len(sys.argv) > 1 else 50

table = np.genfromtxt('mushrooms.csv', delimiter=',', dtype=str, skip_header=1)
# Every column is categorical: replace each letter by its rank in the column.
codes = np.stack([np.unique(column, return_inverse=True)[1] for column in table.T], axis=1)
features = codes[:, 1:].astype(np.float32)
labels = codes[:, :1].astype(np.int32)
n_train = int(len(codes) * .7)
train, test = datasets.split_dataset_random(datasets.TupleDataset(features, labels), n_train)

hidden = ch.Sequential(L.Linear(44), F.relu).repeat(2)
hidden.append(L.Linear(1))
model = L.Classifier(hidden, lossfun=F.sigmoid_cross_entropy, accfun=F.binary_accuracy)
optimizer = ch.optimizers.SGD().setup(model)

updater = training.StandardUpdater(
    ch.iterators.SerialIterator(train, 100), optimizer, device=-1)
trainer = training.Trainer(updater, (epochs, 'epoch'), out='result')
trainer.extend(extensions.Evaluator(
    ch.iterators.SerialIterator(test, 100, repeat=False, shuffle=False), model, device=-1))
trainer.extend(extensions.dump_graph('main/loss'))
trainer.extend(extensions.snapshot(), trigger=(20, 'epoch'))
trainer.extend(extensions.LogReport())
if extensions.PlotReport.available():
    for name in ('loss', 'accuracy'):
        trainer.extend(extensions.PlotReport(
            ['main/' + name, 'validation/main/' + name], 'epoch',
            file_name=name + '.png'))
trainer.extend(extensions.PrintReport(
    ['epoch', 'main/loss', 'validation/main/loss', 'main/accuracy',
     'validation/main/accuracy', 'elapsed_time']))
trainer.run()

x, t = test[np.random.randint(len(test))]
score = model.predictor(x[None]).array[0][0]
names = ['edible', 'poisonous']
print('predicted {}, actually {}'.format(names[int(score >= 0)], names[t[0]]))
