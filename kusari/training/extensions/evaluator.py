"""Evaluator: the mean of the reported values over a validation dataset."""

from __future__ import annotations

import copy
import sys
import typing
import warnings

from kusari import backend, configuration, core
from kusari import reporter as reporter_module
from kusari.dataset import convert
from kusari.training import extension

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.dataset.iterator import Iterator
    from kusari.link import Link
    from kusari.training.trainer import Trainer


class Evaluator(extension.Extension):
    """Evaluates a model on a dataset and reports the means of what it reports.

    Each call runs ``eval_func`` (by default the main target, e.g. an
    ``L.Classifier``) on every batch of the iterator with ``config.train = False`` and
    without building a graph (``enable_backprop = False``), averages the reported
    values, and reports them to the trainer under this extension's name, e.g.
    ``validation/main/loss``.

    Args:
        iterator: the Iterator over the evaluation data (or a dict with 'main'); a
            non-repeating one, reset before each evaluation.
        target: the Link to evaluate (or a dict of them with 'main').
        converter: ``converter(batch, device)`` turns a batch into arguments of
            ``eval_func`` (``concat_examples`` by default).
        device: where the converter sends the arrays (None: left where they are).
        eval_hook (callable): called with the evaluator before each evaluation.
        eval_func (callable): called with the converted batch instead of the main target.
        progress_bar (bool): print the evaluation's progress to stderr (default False).
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, iterator: Iterator | dict[str, Iterator],
                 target: Link | dict[str, Link],
                 converter: typing.Callable[..., typing.Any] = convert.concat_examples,
                 device: types.DeviceSpec = None,
                 eval_hook: typing.Callable[[Evaluator], None] | None = None,
                 eval_func: typing.Callable[..., typing.Any] | None = None,
                 **kwargs: typing.Any) -> None:
        progress_bar = kwargs.pop('progress_bar', False)
        if kwargs:
            raise TypeError('Evaluator: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        self._iterators = iterator if isinstance(iterator, dict) else {'main': iterator}
        self._targets = target if isinstance(target, dict) else {'main': target}
        if 'main' not in self._iterators:
            raise ValueError("Evaluator: a dict of iterators needs a 'main' entry, got keys "
                             "{}".format(sorted(self._iterators)))
        for name, it in self._iterators.items():
            if not callable(getattr(it, '__next__', None)):
                raise TypeError(
                    'Evaluator: the iterator argument {!r} must be an Iterator over the '
                    'evaluation data, e.g. chainer.iterators.SerialIterator(test_data, '
                    'batch_size, repeat=False, shuffle=False); got {}'.format(
                        name, type(it).__name__))
            if getattr(it, 'repeat', False):
                warnings.warn('Evaluator: the iterator {!r} repeats forever, so the '
                              'evaluation would never end; create it with repeat=False'
                              .format(name), UserWarning, stacklevel=2)
        self.converter = converter
        self.device = None if device is None else backend.get_device(device)
        self.eval_hook = eval_hook
        self.eval_func = eval_func
        self._progress_bar = progress_bar

    def get_iterator(self, name: str) -> Iterator:
        """The iterator registered as ``name``."""
        return self._iterators[name]

    def get_all_iterators(self) -> dict[str, Iterator]:
        """A dict of every iterator, by name."""
        return dict(self._iterators)

    def get_target(self, name: str) -> Link:
        """The target registered as ``name``."""
        return self._targets[name]

    def get_all_targets(self) -> dict[str, Link]:
        """A dict of every target, by name."""
        return dict(self._targets)

    def __call__(self, trainer: Trainer | None = None) -> dict[str, typing.Any]:
        """Evaluates and reports the results; returns the dict of means."""
        reporter = reporter_module.Reporter()
        prefix = self.name + '/' if self.name is not None else ''
        for name, target in self._targets.items():
            reporter.add_observer(prefix + name, target)
            reporter.add_observers(prefix + name, target.namedlinks(skipself=True))
        with reporter, core.using_config('train', False):
            result = self.evaluate()
        reporter_module.report(result)
        return result

    def evaluate(self) -> dict[str, typing.Any]:
        """Runs the evaluation; returns the means of the values reported per batch."""
        iterator = self._iterators['main']
        if self.eval_func is None and 'main' not in self._targets:
            raise ValueError("Evaluator: without eval_func, a dict of targets needs a 'main' "
                             "entry, got keys {}".format(sorted(self._targets)))
        eval_func = self.eval_func or self._targets['main']
        if self.eval_hook:
            self.eval_hook(self)
        if getattr(iterator, 'repeat', False):
            raise ValueError('Evaluator: the iterator repeats forever, so the evaluation would '
                             'never end; create it with repeat=False')
        if hasattr(iterator, 'reset'):
            iterator.reset()
            it = iterator
        else:
            warnings.warn('Evaluator: the iterator has no reset(); a copy of it is used. '
                          'Give a resettable, non-repeating iterator.', stacklevel=2)
            it = copy.copy(iterator)
        summary = reporter_module.DictSummary()
        for count, batch in enumerate(it, 1):
            observation: dict[str, typing.Any] = {}
            with reporter_module.report_scope(observation):
                in_arrays = convert._call_converter(self.converter, batch, self.device)
                with configuration.no_backprop_mode():
                    if isinstance(in_arrays, tuple):
                        eval_func(*in_arrays)
                    elif isinstance(in_arrays, dict):
                        eval_func(**in_arrays)
                    else:
                        eval_func(in_arrays)
            summary.add(observation)
            if self._progress_bar:
                print('\rvalidation: {} batches'.format(count), end='', file=sys.stderr)
        if self._progress_bar:
            print(file=sys.stderr)
        return summary.compute_mean()

    def finalize(self) -> None:
        for iterator in self._iterators.values():
            iterator.finalize()
