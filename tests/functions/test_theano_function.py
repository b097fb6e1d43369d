"""functions.theano: Chainer's Theano function, which kusari does not support."""

import numpy
import pytest

import kusari
from kusari.functions.theano import theano_function
from kusari.links.theano import TheanoFunction as TheanoLink


def test_theano_function_says_it_is_unsupported():
    assert issubclass(theano_function.TheanoFunction, kusari.Function)
    with pytest.raises(NotImplementedError, match='TheanoFunction is not supported by kusari'):
        theano_function.theano_function(None, None, numpy.zeros(1))
    with pytest.raises(NotImplementedError, match='TheanoFunction is not supported by kusari'):
        TheanoLink(None, None)
