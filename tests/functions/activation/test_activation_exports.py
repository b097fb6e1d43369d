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
    import kusari.functions.activation.lstm as lstm_module
    assert F.lstm is lstm_module.lstm
    assert not hasattr(activation_family, 'lstm') or activation_family.lstm is lstm_module
