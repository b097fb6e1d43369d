"""Links: layers with parameters (Chainer's ``chainer.links``, usually imported as L)."""

from kusari.links.activation import *  # NOQA
from kusari.links.connection import *  # NOQA
from kusari.links.loss import *  # NOQA
from kusari.links.model import *  # NOQA
from kusari.links.normalization import *  # NOQA
from kusari.links.rnn import *  # NOQA
from kusari.links.theano import TheanoFunction  # NOQA
from kusari.links import caffe  # NOQA
