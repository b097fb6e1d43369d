"""TheanoFunction: declared for API compatibility; kusari does not support Theano."""

from __future__ import annotations

import typing

from kusari.functions.theano.theano_function import THEANO_UNSUPPORTED
from kusari.link import Link


class TheanoFunction(Link):
    """Chainer's wrapper of a Theano function as a link.

    Theano's development ended in 2017 and it does not install with current Python and
    NumPy, so kusari does not support it: constructing this link raises
    NotImplementedError.

    Args:
        inputs: Theano's input variables (in Chainer).
        outputs: Theano's output variables (in Chainer).
    """

    def __init__(self, inputs: typing.Any, outputs: typing.Any) -> None:
        raise NotImplementedError('TheanoFunction ' + THEANO_UNSUPPORTED)
