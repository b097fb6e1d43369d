"""Chainer's ``TheanoFunction``, which kusari does not support: Theano's development ended
in 2017 and it does not install with current Python and NumPy."""

from kusari.function import Function

THEANO_UNSUPPORTED = (
    'is not supported by kusari: Theano is unmaintained and does not run on Python 3.11 / '
    'NumPy 2. Port the computation to kusari functions.')


class TheanoFunction(Function):
    """Chainer's function calling compiled Theano functions; constructing it raises
    NotImplementedError.

    Args:
        forward_func: the compiled Theano forward function (in Chainer).
        backward_func: the compiled Theano backward function (in Chainer).
    """

    def __init__(self, forward_func, backward_func):
        raise NotImplementedError('TheanoFunction ' + THEANO_UNSUPPORTED)


def theano_function(forward_func, backward_func, *inputs):
    """Chainer's call of a Theano function pair on ``inputs``: raises NotImplementedError."""
    return TheanoFunction(forward_func, backward_func)(*inputs)
