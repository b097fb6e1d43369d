"""snapshot / snapshot_object: save the trainer (or any object) periodically, resume."""

from __future__ import annotations

import os
import re
import typing
import warnings

import numpy

from kusari.serializers import npz
from kusari.serializers._common import SerializationError
from kusari.training import extension
from kusari.training.extensions import _files, snapshot_writers

if typing.TYPE_CHECKING:
    from kusari.training.trainer import Trainer

PRIORITY_SNAPSHOT = -100


class SerializedTarget(dict):
    """The state of an object, as the dict of arrays a writer saves.

    Its ``serialize`` replays the entries (and the child groups, even empty ones, which
    HDF5 keeps), so save functions written for objects (``save_npz``, ``save_hdf5``)
    accept it as they accept the object itself.
    """

    groups = ()

    def serialize(self, serializer):
        for group in self.groups:
            child = serializer
            for name in group.split('/'):
                child = child[name]
        for key, value in self.items():
            serializer(key, None if _is_none(value) else value)


class _RecordingSerializer(npz.DictionarySerializer):
    """A DictionarySerializer that also records the child groups asked for."""

    def __init__(self, target=None, path='', groups=None):
        super().__init__(target, path)
        self.groups = [] if groups is None else groups

    def __getitem__(self, key):
        path = self.path + key.strip('/') + '/'
        self.groups.append(path.rstrip('/'))
        return _RecordingSerializer(self.target, path, self.groups)


def _is_none(value):
    return isinstance(value, numpy.ndarray) and value.dtype == object and value.shape == () \
        and value.item() is None


def serialize(target):
    """A SerializedTarget holding copies of ``target``'s state (safe to write later)."""
    s = _RecordingSerializer()
    s.save(target)
    result = SerializedTarget((key, value if _is_none(value) else numpy.array(value))
                              for key, value in s.target.items())
    result.groups = list(dict.fromkeys(s.groups))
    return result


def _natural_key(name):
    return [int(part) if part.isdigit() else part for part in re.split(r'(\d+)', name)]


def _find_snapshot_files(fmt, path):
    """``(mtime, name)`` of the snapshot files in ``path`` matching the template ``fmt``,
    oldest first.

    Files are ordered by modification time, then by the numbers in their names (for
    file systems with coarse times). Hidden files (temporary ones) are ignored.
    """
    if not os.path.isdir(path):
        return []
    pattern = _files.filename_pattern(fmt)
    found = []
    for name in os.listdir(path):
        file = os.path.join(path, name)
        if name.startswith('.') or not pattern.match(name) or not os.path.isfile(file):
            continue
        found.append((os.stat(file).st_mtime, _natural_key(name), name))
    return [(mtime, name) for mtime, _, name in sorted(found)]


def _find_latest_snapshot(fmt, path):
    """The name of the newest snapshot file matching ``fmt`` in ``path``, or None."""
    files = _find_snapshot_files(fmt, path)
    return files[-1][1] if files else None


def _find_stale_snapshots(fmt, path, n_retains, **kwargs):
    """Yields the names of the snapshot files matching ``fmt`` in ``path`` but the
    ``n_retains`` newest, oldest first (``num_retain`` is the deprecated name)."""
    if 'num_retain' in kwargs:
        warnings.warn('_find_stale_snapshots: num_retain is deprecated; use n_retains',
                      DeprecationWarning, stacklevel=2)
        n_retains = kwargs.pop('num_retain')
    if kwargs:
        raise TypeError('_find_stale_snapshots: unexpected argument(s) {}'.format(
            ', '.join(sorted(kwargs))))
    files = _find_snapshot_files(fmt, path)
    for _, name in files[:max(len(files) - n_retains, 0)]:
        yield name


class _Snapshot(extension.Extension):
    """The extension that ``snapshot`` and ``snapshot_object`` return."""

    trigger = 1, 'epoch'
    priority = PRIORITY_SNAPSHOT

    def __init__(self, target=None, condition=None, writer=None,
                 filename='snapshot_iter_{.updater.iteration}', snapshot_on_error=False,
                 n_retains=-1, autoload=False):
        if not (isinstance(filename, str) or callable(filename)):
            raise TypeError('snapshot: filename must be a format string or a callable, got '
                            '{!r}'.format(filename))
        if autoload and not isinstance(filename, str):
            raise ValueError('snapshot: autoload needs filename to be a format string, to '
                             'find the snapshots it wrote')
        if isinstance(n_retains, bool) or not isinstance(n_retains, int):
            raise TypeError('snapshot: n_retains must be an int, got {!r}'.format(n_retains))
        self._target = target
        self.filename = filename
        self.condition = condition or (lambda: True)
        self.writer = writer or snapshot_writers.SimpleWriter()
        self._snapshot_on_error = snapshot_on_error
        self.n_retains = n_retains
        self.autoload = autoload
        self._outdir = None  # where the snapshots go, known from the first one

    def initialize(self, trainer):
        if isinstance(self.filename, str):
            _files.remove_interrupted_writes(trainer.out, self.filename)
        if not self.autoload:
            return
        latest = _find_latest_snapshot(self.filename, trainer.out)
        if latest is not None:
            self._load(os.path.join(trainer.out, latest), self._target_of(trainer))

    def _load(self, path, target):
        load = self.writer._load_function() if isinstance(
            self.writer, snapshot_writers.Writer) else npz.load_npz
        try:
            load(path, target)
        except (KeyError, ValueError, OSError) as e:
            message = str(e.args[0] if isinstance(e, KeyError) and e.args else e)
            if path not in message:
                message = '{}: {}'.format(path, message)
            raise SerializationError('snapshot(autoload=True): cannot resume from the latest '
                                     'snapshot, {}'.format(message)) from e

    def _target_of(self, trainer):
        return trainer if self._target is None else self._target

    def __call__(self, trainer):
        if self.condition():
            self._make_snapshot(trainer)

    def on_error(self, trainer, exc, tb):
        if self._snapshot_on_error:
            self._make_snapshot(trainer)

    def _make_snapshot(self, trainer):
        filename = self.filename(trainer) if callable(self.filename) \
            else self.filename.format(trainer)
        self.writer(filename, trainer.out, serialize(self._target_of(trainer)))
        self._outdir = trainer.out
        self._remove_stale(trainer.out)

    def _remove_stale(self, outdir):
        if self.n_retains <= 0 or not isinstance(self.filename, str):
            return
        for name in _find_stale_snapshots(self.filename, outdir, self.n_retains):
            try:
                os.remove(os.path.join(outdir, name))
            except FileNotFoundError:
                pass

    def finalize(self):
        if hasattr(self.writer, 'finalize'):
            self.writer.finalize()
        if self._outdir is not None:
            self._remove_stale(self._outdir)  # asynchronous writers have finished now


def _make(target, savefun, filename, kwargs, function):
    options = dict(condition=None, writer=None, snapshot_on_error=False, n_retains=-1,
                   autoload=False)
    unknown = set(kwargs) - set(options)
    if unknown:
        raise TypeError('{}: unexpected argument(s) {}'.format(function,
                                                                ', '.join(sorted(unknown))))
    options.update(kwargs)
    if savefun is not None and options['writer'] is not None:
        raise TypeError('{}: give savefun or writer, not both'.format(function))
    if options['writer'] is None:
        options['writer'] = snapshot_writers.SimpleWriter(savefun or npz.save_npz)
    return _Snapshot(target=target, filename=filename, **options)


def snapshot(savefun: typing.Callable[..., typing.Any] | None = None,
             filename: str | typing.Callable[[Trainer], str] = 'snapshot_iter_{.updater.iteration}',
             **kwargs: typing.Any) -> extension.Extension:
    """An extension that saves the whole trainer, to resume training from it.

    It runs once per epoch by default (pass another trigger to ``trainer.extend``),
    after the other extensions (priority -100). Each snapshot is written to a hidden
    temporary file that is renamed into place, so a crash never leaves a damaged file
    in place of a good one.

    Args:
        savefun: ``savefun(path, obj)``; ``save_npz`` by default (``save_hdf5`` too).
        filename (str or callable): the file name in ``trainer.out``; a format string
            given the trainer (e.g. ``'snapshot_iter_{.updater.iteration}'``), or a
            callable ``f(trainer)``.
        target: what to save (default: the trainer).
        condition (callable): ``condition()`` must be True for a snapshot to be taken.
        writer: a snapshot writer (see ``snapshot_writers``); exclusive with savefun.
        snapshot_on_error (bool): also take a snapshot when training raises.
        n_retains (int): keep only this many latest snapshots (<= 0: keep all).
        autoload (bool): when training starts, load the latest snapshot in
            ``trainer.out`` that matches ``filename`` (if any), so rerunning the same
            command resumes an interrupted run.

    Returns:
        The snapshot extension.
    """
    return _make(kwargs.pop('target', None), savefun, filename, kwargs, 'snapshot')


def snapshot_object(target: typing.Any, filename: str | typing.Callable[[Trainer], str],
                    savefun: typing.Callable[..., typing.Any] | None = None,
                    **kwargs: typing.Any) -> extension.Extension:
    """An extension that saves ``target`` (e.g. the model) periodically, e.g.
    ``snapshot_object(model, 'model_epoch_{.updater.epoch}')``.

    Args:
        target: the object to save, e.g. a Link or an Optimizer.
        filename (str or callable): the file name in ``trainer.out``, as in
            :func:`snapshot` (required).
        savefun: ``savefun(path, obj)``; ``save_npz`` by default.
        **kwargs: ``condition``, ``writer``, ``snapshot_on_error``, ``n_retains`` and
            ``autoload``, as in :func:`snapshot`.

    Returns:
        The snapshot extension.
    """
    return _make(target, savefun, filename, kwargs, 'snapshot_object')
