#!/usr/bin/env python
"""Saving and loading a model and its optimizer: the structure of Chainer's
``examples/serialization`` (``save.py`` and ``load.py``), in NPZ and, when h5py
is installed, HDF5.

``python serialization.py save DIR`` trains one step and writes the files;
``python serialization.py load DIR`` reads them into fresh objects. Both print
a JSON summary of every parameter and optimizer state, so that the two runs
(or two frameworks) can be compared.
"""
import argparse
import json
import os

import numpy as np

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import serializers


class MLP(chainer.Chain):

    def __init__(self, n_units=8, n_out=3):
        super(MLP, self).__init__()
        with self.init_scope():
            self.l1 = L.Linear(4, n_units)
            self.bn = L.BatchNormalization(n_units)
            self.l2 = L.Linear(n_units, n_out)

    def forward(self, x):
        return self.l2(F.relu(self.bn(self.l1(x))))


def has_h5py():
    try:
        import h5py  # NOQA
    except ImportError:
        return False
    return True


def summary(model, optimizer):
    """Every array of the model and the optimizer, as lists (JSON-friendly)."""
    arrays = {}
    for path, param in sorted(model.namedparams()):
        arrays['param' + path] = param.array.tolist()
        rule = param.update_rule
        for key, value in sorted((rule.state or {}).items()):
            arrays['state' + path + '/' + key] = np.asarray(value).tolist()
        arrays['t' + path] = rule.t
    arrays['bn/avg_mean'] = model.bn.avg_mean.tolist()
    arrays['bn/avg_var'] = model.bn.avg_var.tolist()
    arrays['optimizer/t'] = optimizer.t
    return arrays


def make_objects():
    model = MLP()
    optimizer = chainer.optimizers.MomentumSGD(lr=0.1)
    optimizer.setup(model)
    return model, optimizer


def save(directory):
    model, optimizer = make_objects()
    rng = np.random.RandomState(0)
    x = rng.uniform(-1, 1, (6, 4)).astype(np.float32)
    t = rng.randint(0, 3, 6).astype(np.int32)
    optimizer.update(lambda: F.softmax_cross_entropy(model(x), t))
    serializers.save_npz(os.path.join(directory, 'model.npz'), model)
    serializers.save_npz(os.path.join(directory, 'optimizer.npz'), optimizer)
    if has_h5py():
        serializers.save_hdf5(os.path.join(directory, 'model.h5'), model)
        serializers.save_hdf5(os.path.join(directory, 'optimizer.h5'), optimizer)
    return {'npz': summary(model, optimizer)}


def load(directory):
    result = {}
    formats = [('npz', serializers.load_npz, '.npz')]
    if has_h5py() and os.path.exists(os.path.join(directory, 'model.h5')):
        formats.append(('hdf5', serializers.load_hdf5, '.h5'))
    for name, load_function, extension in formats:
        model, optimizer = make_objects()
        load_function(os.path.join(directory, 'model' + extension), model)
        load_function(os.path.join(directory, 'optimizer' + extension), optimizer)
        result[name] = summary(model, optimizer)
    return result


def main():
    parser = argparse.ArgumentParser(description='Chainer example: serialization')
    parser.add_argument('mode', choices=['save', 'load'])
    parser.add_argument('directory')
    args = parser.parse_args()
    if args.mode == 'save':
        result = save(args.directory)
    else:
        result = load(args.directory)
    print(json.dumps(result))


if __name__ == '__main__':
    main()
