"""The Trainer: runs the updater and the extensions until the stop trigger fires."""

from __future__ import annotations

import contextlib
import os
import sys
import time
import traceback
import typing

from kusari import reporter as reporter_module
from kusari.training import extension as extension_module
from kusari.training import util as trigger_module

if typing.TYPE_CHECKING:
    from kusari import types
    from kusari.training.updater import Updater

ExtensionSpec = typing.Callable[['Trainer'], typing.Any]
"""An extension: an :class:`~kusari.training.Extension` or a function ``f(trainer)``."""

_NO_SPAN = contextlib.nullcontext()


def _no_span(name: str, category: str) -> typing.ContextManager[typing.Any]:
    """The trainer's ``_span`` while nothing traces it: a shared context that does nothing."""
    return _NO_SPAN


class _ExtensionEntry:
    def __init__(self, extension, priority, trigger, call_before_training):
        self.extension = extension
        self.trigger = trigger
        self.priority = priority
        self.call_before_training = call_before_training


class Trainer:
    """Runs a training loop: ``updater.update()`` then every due extension, per iteration.

    Args:
        updater (Updater): runs one iteration per ``update()`` call, e.g. a
            :class:`~kusari.training.updaters.StandardUpdater`.
        stop_trigger: when to stop: a trigger, or ``(period, unit)`` such as
            ``(20, 'epoch')``; None (the default) never stops.
        out (str): the output directory of the extensions (logs, snapshots, plots),
            created when training starts; ``'result'`` by default.
        extensions (list): extensions registered right away, as by :meth:`extend`
            with their own names, triggers and priorities.

    Attributes:
        observation (dict): the values reported in the current iteration.
        reporter (Reporter): the reporter, with each optimizer's target registered
            under the optimizer's name (e.g. ``main``) and its links under ``main/...``.
    """

    def __init__(self, updater: Updater, stop_trigger: types.TriggerSpec = None,
                 out: str | os.PathLike[str] = 'result',
                 extensions: typing.Iterable[ExtensionSpec] | None = None) -> None:
        self.updater = updater
        self.stop_trigger = trigger_module.get_trigger(stop_trigger)
        self.observation: dict[str, typing.Any] = {}
        self.out = out
        self.reporter = reporter_module.Reporter()
        for name, optimizer in updater.get_all_optimizers().items():
            self.reporter.add_observer(name, optimizer.target)
            self.reporter.add_observers(name, optimizer.target.namedlinks(skipself=True))
        self._extensions: dict[str, _ExtensionEntry] = {}
        self._start_at: float | None = None
        self._snapshot_elapsed_time = 0.0
        self._final_elapsed_time: float | None = None
        self._done = False
        # span(name, category) wraps the update and each extension called: a
        # TimelineTrace sets it in the iterations it records.
        self._span: typing.Callable[[str, str], typing.ContextManager[typing.Any]] = _no_span
        updater.connect_trainer(self)
        for ext in extensions or ():
            self.extend(ext)

    @property
    def is_before_training(self) -> bool:
        """Whether no iteration has run yet."""
        return self.updater.iteration == 0

    @property
    def elapsed_time(self) -> float:
        """Seconds spent training, including time before a resume."""
        if self._done:
            # _finalize sets it before _done (Chainer's tests and users set _done too)
            return self._final_elapsed_time  # type: ignore[return-value]
        if self._start_at is None:
            raise RuntimeError('elapsed_time is only available while training runs')
        return time.time() - self._start_at + self._snapshot_elapsed_time

    def extend(self, extension: ExtensionSpec, name: str | None = None,
               trigger: types.TriggerSpec = None, priority: int | None = None, *,
               call_before_training: bool = False, **kwargs: typing.Any) -> None:
        """Register an extension.

        Args:
            extension: an Extension or a callable ``f(trainer)``.
            name (str): its name (default: its ``name``/``default_name``); a name in use
                gets a numeric suffix.
            trigger: when it runs (default: the extension's own trigger).
            priority (int): order among extensions due in the same iteration.
            call_before_training (bool): also run it once before the first iteration
                (not again when a run resumes from a snapshot).
        """
        if kwargs:
            raise TypeError('extend() got unexpected arguments: {}'.format(', '.join(kwargs)))
        if name is None:
            name = getattr(extension, 'name', None) or getattr(
                extension, 'default_name', None) or getattr(extension, '__name__', None)
            if name is None:
                raise TypeError('the extension has no name; pass name=')
        if name == 'training':
            raise ValueError('the name "training" is reserved')
        if trigger is None:
            trigger = getattr(extension, 'trigger', (1, 'iteration'))
        trigger = trigger_module.get_trigger(trigger)
        if priority is None:
            priority = getattr(extension, 'priority', extension_module.PRIORITY_READER)
        modified = name
        ordinal = 0
        while modified in self._extensions:
            ordinal += 1
            modified = '{}_{}'.format(name, ordinal)
        # A function extension gets the attribute too, as in Chainer.
        extension.name = modified  # type: ignore[attr-defined]
        self._extensions[modified] = _ExtensionEntry(extension, priority, trigger,
                                                     call_before_training)

    def get_extension(self, name: str) -> typing.Any:
        """The extension registered as ``name`` (an Extension or a function)."""
        if name in self._extensions:
            return self._extensions[name].extension
        raise ValueError('extension {} not found'.format(name))

    def run(self, show_loop_exception_msg: bool = True) -> None:
        """Train until the stop trigger fires.

        Args:
            show_loop_exception_msg (bool): when the loop raises, print the error and its
                traceback to stderr before the extensions are finalized and it is raised.
        """
        if self._done:
            raise RuntimeError('cannot run a trainer twice')
        try:
            os.makedirs(self.out, exist_ok=True)
        except OSError as e:
            raise OSError('Trainer: cannot create the output directory {!r}: {}'.format(
                self.out, e)) from e
        entries = sorted(self._extensions.items(), key=lambda kv: kv[1].priority,
                         reverse=True)
        extensions = [(name, entry) for name, entry in entries]
        self._start_at = time.time()
        # Extensions that load a snapshot (snapshot(autoload=True)) are initialized
        # first, so that every other initializer sees the restored state (e.g. a
        # learning-rate shift sets the resumed value, not its initial one).
        loads_first = sorted(extensions, key=lambda kv: not getattr(kv[1].extension,
                                                                    'autoload', False))
        try:
            for _, entry in loads_first:
                initializer = getattr(entry.extension, 'initialize', None)
                # An extension whose trigger has finished (e.g. a ManualScheduleTrigger
                # past its points after a resume) is not initialized again.
                if initializer and not getattr(entry.trigger, 'finished', False):
                    initializer(self)
        except BaseException:
            # E.g. a snapshot that cannot be loaded: no on_error (a snapshot_on_error
            # would save the unloaded trainer as the latest snapshot), but release
            # what the extensions and the updater hold.
            self._finalize(extensions, failed=True)
            raise
        update = self.updater.update
        reporter = self.reporter
        stop_trigger = self.stop_trigger
        failed = True
        try:
            # Only a run that starts at iteration 0 calls them: a resumed run has
            # already done so (unlike Chainer, which would, e.g., mix a second
            # evaluation into the next log entry and make the log differ).
            if self.is_before_training:
                with reporter.scope(self.observation):
                    for _, entry in extensions:
                        if entry.call_before_training:
                            entry.extension(self)
            while not stop_trigger(self):
                self.observation = {}
                span = self._span
                with reporter.scope(self.observation):
                    try:
                        with span('update', 'updater'):
                            update()
                    except StopIteration as e:
                        raise StopIteration(self._ran_out_message(e)) from e
                    for name, entry in extensions:
                        if entry.trigger(self):
                            with span(name, 'extension'):
                                entry.extension(self)
            failed = False
        except Exception as e:
            if show_loop_exception_msg:
                print('Exception in the main training loop: {}'.format(e), file=sys.stderr)
                print('Traceback (most recent call last):', file=sys.stderr)
                traceback.print_tb(sys.exc_info()[2])
                print('Will finalize trainer extensions and updater before reraising the '
                      'exception.', file=sys.stderr)
            for _, entry in extensions:
                handler = getattr(entry.extension, 'on_error', None)
                if handler:
                    try:
                        handler(self, e, sys.exc_info()[2])
                    except Exception as handler_error:
                        print('Exception in the on_error of {}: {}'.format(
                            entry.extension, handler_error), file=sys.stderr)
            raise
        finally:
            self._finalize(extensions, failed)

    def _ran_out_message(self, error):
        return (
            'Trainer: the training iterator ran out of data at iteration {} (epoch {}) before '
            'the stop trigger fired{}: an iterator of the updater needs repeat=True (the '
            'default), e.g. SerialIterator(train_data, batch_size); repeat=False is for '
            'Evaluator\'s iterators. To train a fixed length, pass stop_trigger=(n, '
            '\'epoch\') to the Trainer'.format(
                self.updater.iteration, self.updater.epoch,
                ' ({})'.format(error) if str(error) else ''))

    def _finalize(self, extensions, failed=False):
        """Finalizes every extension, then the updater, even when one of them fails.

        After a failed run an error in finalizing is printed, not raised, so that the
        error that stopped the run is the one the caller sees; otherwise the first such
        error is raised once all are finalized.
        """
        finalizers = [getattr(entry.extension, 'finalize', None) for _, entry in extensions]
        first_error = None
        for finalize in finalizers + [self.updater.finalize]:
            if not finalize:
                continue
            try:
                finalize()
            except Exception as error:
                if failed:
                    print('Exception in finalizing {} (after the error that stopped '
                          'training): {!r}'.format(finalize, error), file=sys.stderr)
                elif first_error is None:
                    first_error = error
        self._final_elapsed_time = self.elapsed_time
        self._done = True
        if first_error is not None:
            raise first_error

    def serialize(self, serializer):
        """Save or load the updater, extensions, triggers and elapsed time."""
        self.updater.serialize(serializer['updater'])
        if hasattr(self.stop_trigger, 'serialize'):
            self.stop_trigger.serialize(serializer['stop_trigger'])
        extensions = serializer['extensions']
        triggers = serializer['extension_triggers']
        for name, entry in self._extensions.items():
            if hasattr(entry.extension, 'serialize'):
                entry.extension.serialize(extensions[name])
            if hasattr(entry.trigger, 'serialize'):
                entry.trigger.serialize(triggers[name])
        elapsed = self.elapsed_time if self._start_at is not None and not self._done else (
            self._final_elapsed_time or self._snapshot_elapsed_time)
        self._snapshot_elapsed_time = serializer('_snapshot_elapsed_time', float(elapsed))
