"""A classifier wrapper that computes the loss and accuracy of a predictor."""

from __future__ import annotations

import typing
import inspect

from kusari import reporter
from kusari.functions.evaluation.accuracy import accuracy
from kusari.functions.loss.softmax_cross_entropy import softmax_cross_entropy
from kusari.link import Chain

if typing.TYPE_CHECKING:
    from kusari.core import Variable


class Classifier(Chain):
    """Wraps a predictor: ``forward(*args)`` returns the loss of its output against the
    last argument (the labels), reporting ``loss`` and ``accuracy``.

    Args:
        predictor (Link): the model; it gets the other arguments.
        lossfun (callable): loss function of the prediction and the labels (default:
            softmax_cross_entropy).
        accfun (callable): accuracy function, reported when ``compute_accuracy`` is
            True (default: accuracy).
        label_key (int or str): which argument holds the labels: a position (default
            -1, the last) or a keyword.
    """

    compute_accuracy = True

    def __init__(self, predictor: typing.Callable[..., typing.Any],
                 lossfun: typing.Callable[..., typing.Any] = softmax_cross_entropy,
                 accfun: typing.Callable[..., typing.Any] = accuracy,
                 label_key: int | str = -1) -> None:
        if not isinstance(label_key, (int, str)):
            raise TypeError('label_key must be int or str, not {}'.format(
                type(label_key).__name__))
        super().__init__()
        self.lossfun = lossfun
        self.accfun = accfun
        self.y: typing.Any = None
        self.loss: Variable | None = None
        self.accuracy: Variable | None = None
        self.label_key = label_key
        with self.init_scope():
            self.predictor = predictor

    def forward(self, *args: typing.Any, **kwargs: typing.Any) -> Variable:
        """Predict, then compute (and report) the loss and the accuracy.

        Args:
            args: the predictor's inputs and (at ``label_key``) the labels, e.g.
                ``x`` of shape ``(N, ...)`` and int32 ``t`` of shape ``(N,)``.
            kwargs: the predictor's keyword inputs (and the labels for a str
                ``label_key``).

        Returns:
            ~kusari.Variable: the loss, of shape ``()`` for the default loss function.
        """
        if isinstance(self.label_key, int):
            if not -len(args) <= self.label_key < len(args):
                raise ValueError('Label key {} is out of bounds for {} arguments'.format(
                    self.label_key, len(args)))
            t = args[self.label_key]
            index = self.label_key % len(args)
            args = args[:index] + args[index + 1:]
        else:
            if self.label_key not in kwargs:
                raise ValueError('Label key {!r} is not found among the keyword arguments'.format(
                    self.label_key))
            t = kwargs.pop(self.label_key)
        if not args and not kwargs and not _accepts_no_arguments(self.predictor):
            raise TypeError(
                'Classifier: called with the labels only, nothing is left for the predictor; '
                'pass the inputs and the labels, as in model(x, t) (label_key={!r} picks the '
                'labels); to predict without labels call model.predictor(x)'.format(
                    self.label_key))
        self.y = None
        self.loss = None
        self.accuracy = None
        self.y = self.predictor(*args, **kwargs)
        self.loss = self.lossfun(self.y, t)
        reporter.report({'loss': self.loss}, self)
        if self.compute_accuracy:
            self.accuracy = self.accfun(self.y, t)
            reporter.report({'accuracy': self.accuracy}, self)
        return self.loss


def _accepts_no_arguments(predictor):
    try:
        inspect.signature(getattr(predictor, 'forward', predictor)).bind()
    except TypeError:
        return False
    except ValueError:  # no signature to inspect: let the call itself decide
        return True
    return True
