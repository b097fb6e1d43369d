"""Activation functions."""

from kusari.functions.activation.clipped_relu import clipped_relu, relu6
from kusari.functions.activation.crelu import crelu
from kusari.functions.activation.elu import elu, selu
from kusari.functions.activation.hard_sigmoid import hard_sigmoid
from kusari.functions.activation.leaky_relu import leaky_relu
from kusari.functions.activation.lstm import lstm, slstm, tree_lstm
from kusari.functions.activation.maxout import maxout
from kusari.functions.activation.prelu import prelu
from kusari.functions.activation.relu import relu
from kusari.functions.activation.rrelu import rrelu
from kusari.functions.activation.sigmoid import sigmoid
from kusari.functions.activation.softmax import log_softmax, softmax
from kusari.functions.activation.softplus import softplus
from kusari.functions.activation.swish import swish
from kusari.functions.activation.tanh import tanh

__all__ = [
    'clipped_relu', 'crelu', 'elu', 'hard_sigmoid', 'leaky_relu', 'log_softmax', 'lstm',
    'maxout', 'prelu', 'relu', 'relu6', 'rrelu', 'selu', 'sigmoid', 'slstm', 'softmax',
    'softplus', 'swish', 'tanh', 'tree_lstm',
]
