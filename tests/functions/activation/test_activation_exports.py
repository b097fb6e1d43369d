"""Every Chainer v7 activation function name is exported by kusari.functions."""

import kusari.functions as F
import kusari.functions.activation as activation_family

# chainer_api.md, "Activation functions".
REFERENCE = [
    'clipped_relu', 'crelu', 'elu', 'hard_sigmoid', 'leaky_relu', 'log_softmax', 'lstm',
    'maxout', 'prelu', 'rrelu', 'relu', 'relu6', 'selu', 'sigmoid', 'slstm', 'softmax',
    'softplus', 'swish', 'tanh', 'tree_lstm',
]


def test_every_reference_name_is_exported():
    missing = [name for name in REFERENCE if not callable(getattr(F, name, None))]
    assert not missing, 'missing from kusari.functions: {}'.format(missing)


def test_function_modules_have_chainer_paths():
    # the LSTM cells live in the rnn family, as in Chainer
    from kusari.functions.rnn import lstm, slstm, tree_lstm
    assert F.lstm is lstm.lstm and F.slstm is slstm.slstm and F.tree_lstm is tree_lstm.tree_lstm
    assert 'lstm' not in dir(activation_family)


def test_log_softmax_and_selu_have_their_own_modules():
    from kusari.functions.activation import elu, log_softmax, selu, softmax
    assert F.log_softmax is log_softmax.log_softmax and F.selu is selu.selu
    assert log_softmax.LogSoftmax.__name__ == 'LogSoftmax' and callable(log_softmax._log_softmax)
    assert not hasattr(softmax, 'log_softmax') and not hasattr(elu, 'selu')
