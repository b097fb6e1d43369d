"""Chainer's ``chainer.functions.theano``: Theano functions as Chainer functions, which
kusari does not support (see :mod:`kusari.functions.theano.theano_function`)."""
