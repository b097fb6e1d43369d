"""Snapshot writers: how (and in which thread or process) a snapshot is saved.

A writer is called as ``writer(filename, outdir, target)`` with ``target`` the
serialized object (a dict of arrays keyed like ``updater/model:main/predictor/l1/W``
that also has a ``serialize`` method, so any kusari save function accepts it). Every
writer saves atomically: ``savefun`` writes into a hidden temporary directory beside
the destination and the file is then renamed into place, so a crash during a write
leaves any previous snapshot of the same name whole.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import shutil
import sys
import tempfile
import threading
import typing

from kusari.serializers import hdf5, npz


class Writer:
    """Base class of snapshot writers: a subclass implements ``__call__``."""

    def __init__(self) -> None:
        self._post_save_hooks: list[typing.Callable[[], None]] = []

    def __call__(self, filename: str, outdir: str | os.PathLike[str],
                 target: typing.Any) -> None:
        """Saves ``target`` to ``outdir/filename``.

        Args:
            filename (str): the file name (already formatted).
            outdir (str): the output directory (``trainer.out``).
            target (dict): the serialized object.
        """
        raise NotImplementedError('{} must implement __call__'.format(type(self).__name__))

    def finalize(self) -> None:
        """Waits for pending writes; called when training ends."""

    def save(self, filename: str, outdir: str | os.PathLike[str], target: typing.Any,
             savefun: typing.Callable[..., typing.Any], **kwds: typing.Any) -> None:
        """Writes ``target`` with ``savefun`` to ``outdir/filename`` atomically."""
        path = os.path.join(outdir, filename)
        directory = os.path.dirname(os.path.abspath(path))
        os.makedirs(directory, exist_ok=True)
        tmpdir = tempfile.mkdtemp(prefix='.tmp_' + os.path.basename(path) + '.', dir=directory)
        try:
            tmppath = os.path.join(tmpdir, os.path.basename(path))
            savefun(tmppath, target, **kwds)
            os.replace(tmppath, path)
        finally:
            shutil.rmtree(tmpdir, ignore_errors=True)
        self._post_save()

    def _load_function(self):
        """The function that reads back what this writer saves (``snapshot(autoload=True)``
        uses it): ``load_hdf5`` for ``save_hdf5``, else ``load_npz`` (Chainer's only one)."""
        savefun = getattr(self, '_savefun', None)
        return hdf5.load_hdf5 if savefun is hdf5.save_hdf5 else npz.load_npz

    def _add_cleanup_hook(self, hook):
        """Registers ``hook()`` to run after each completed save (e.g. to drop old files)."""
        self._post_save_hooks.append(hook)

    def _post_save(self):
        for hook in self._post_save_hooks:
            hook()


class SimpleWriter(Writer):
    """Saves in the calling thread.

    Args:
        savefun: ``savefun(path, target, **kwds)``; ``save_npz`` by default.
        **kwds: keyword arguments of ``savefun``.
    """

    def __init__(self, savefun: typing.Callable[..., typing.Any] = npz.save_npz,
                 **kwds: typing.Any) -> None:
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds

    def __call__(self, filename: str, outdir: str | os.PathLike[str],
                 target: typing.Any) -> None:
        self.save(filename, outdir, target, self._savefun, **self._kwds)


class StandardWriter(Writer):
    """Base of the writers that save in a new thread or process per snapshot.

    A snapshot waits for the previous one to finish before it starts; a failed save is
    raised by the next snapshot or by ``finalize``.

    Args:
        savefun: ``savefun(path, target, **kwds)``; ``save_npz`` by default.
        **kwds: keyword arguments of ``savefun``.
    """

    def __init__(self, savefun: typing.Callable[..., typing.Any] = npz.save_npz,
                 **kwds: typing.Any) -> None:
        super().__init__()
        self._savefun = savefun
        self._kwds = kwds
        self._worker: typing.Any = None  # the thread or process saving, if any
        self._error: str | None = None

    def __call__(self, filename: str, outdir: str | os.PathLike[str],
                 target: typing.Any) -> None:
        self._join()
        self._worker = self.create_worker(filename, outdir, target, **self._kwds)
        self._worker.start()

    def create_worker(self, filename: str, outdir: str | os.PathLike[str], target: typing.Any,
                      **kwds: typing.Any) -> typing.Any:
        """A thread or process (with ``start`` and ``join``) that saves the snapshot."""
        raise NotImplementedError

    def _save_reporting_errors(self, filename, outdir, target, savefun, **kwds):
        try:
            self.save(filename, outdir, target, savefun, **kwds)
        except Exception as e:  # kept for the next snapshot (or finalize) to raise
            self._error = '{}: {}'.format(type(e).__name__, e)

    def _join(self):
        worker, self._worker = self._worker, None
        if worker is None:
            return
        worker.join()
        error, self._error = self._error, None
        exitcode = getattr(worker, 'exitcode', None)  # a process's; None for a thread
        if error or (isinstance(exitcode, int) and exitcode != 0):
            raise RuntimeError('{}: saving a snapshot failed ({})'.format(
                type(self).__name__, error or 'the writer process exited with code {}'.format(
                    exitcode)))

    def finalize(self) -> None:
        self._join()


class ThreadWriter(StandardWriter):
    """Saves each snapshot in a new thread.

    Args:
        savefun: ``savefun(path, target, **kwds)``; ``save_npz`` by default.
        **kwds: keyword arguments of ``savefun``.
    """

    def create_worker(self, filename: str, outdir: str | os.PathLike[str], target: typing.Any,
                      **kwds: typing.Any) -> typing.Any:
        return threading.Thread(target=self._save_reporting_errors,
                                args=(filename, outdir, target, self._savefun), kwargs=kwds)


class ProcessWriter(StandardWriter):
    """Saves each snapshot in a new process (do not combine with MPI: prefer ThreadWriter).

    Args:
        savefun: ``savefun(path, target, **kwds)``; ``save_npz`` by default.
        **kwds: keyword arguments of ``savefun``.
    """

    def create_worker(self, filename: str, outdir: str | os.PathLike[str], target: typing.Any,
                      **kwds: typing.Any) -> typing.Any:
        return multiprocessing.Process(target=self.save, args=(filename, outdir, target,
                                                               self._savefun), kwargs=kwds)


class QueueWriter(Writer):
    """Base of the writers whose single consumer saves the queued snapshots in order.

    Args:
        savefun: used to create the task when ``task`` is None.
        task: a callable ``task(filename, outdir, target)`` run for each snapshot
            (by default a SimpleWriter of ``savefun``).
    """

    def __init__(self, savefun: typing.Callable[..., typing.Any] = npz.save_npz,
                 task: typing.Callable[[str, str, typing.Any], typing.Any] | None = None
                 ) -> None:
        super().__init__()
        self._task = self.create_task(savefun) if task is None else task
        self._queue = self.create_queue()
        self._consumer = self.create_consumer(self._queue)
        self._error: str | None = None  # seen only with a thread consumer
        self._consumer.start()
        self._finalized = False

    def __call__(self, filename: str, outdir: str | os.PathLike[str],
                 target: typing.Any) -> None:
        if self._finalized:
            raise RuntimeError('{}: the writer has been finalized'.format(type(self).__name__))
        # Chainer's queue items: the task, then its arguments.
        self._queue.put([self._task, filename, outdir, target])

    def create_task(self, savefun: typing.Callable[..., typing.Any]) -> SimpleWriter:
        return SimpleWriter(savefun=savefun)

    def _load_function(self):
        if isinstance(self._task, Writer):
            return self._task._load_function()
        return npz.load_npz

    def create_queue(self) -> typing.Any:
        raise NotImplementedError

    def create_consumer(self, q: typing.Any) -> typing.Any:
        raise NotImplementedError

    def consume(self, q: typing.Any) -> None:
        """Saves queued snapshots until the end mark; a failure is kept, not fatal."""
        while True:
            item = q.get()
            try:
                if item is None:
                    return
                task, filename = item[0], item[1]
                try:
                    task(*item[1:])
                    self._post_save()
                except Exception as e:
                    message = 'saving {} failed ({}: {})'.format(filename, type(e).__name__, e)
                    print('{}: {}'.format(type(self).__name__, message), file=sys.stderr)
                    self._error = message
            finally:
                q.task_done()

    def finalize(self) -> None:
        """Waits until every queued snapshot is saved; raises if one failed."""
        if not self._finalized:
            self._finalized = True
            self._queue.put(None)
            self._queue.join()
            self._consumer.join()
        error, self._error = self._error, None
        if error:
            raise RuntimeError('{}: {}'.format(type(self).__name__, error))


class ThreadQueueWriter(QueueWriter):
    """A QueueWriter whose consumer is a thread.

    Args:
        savefun: used to create the task when ``task`` is None (``save_npz`` by
            default).
        task: a callable ``task(filename, outdir, target)`` run for each snapshot.
    """

    def create_queue(self) -> typing.Any:
        return queue.Queue()

    def create_consumer(self, q: typing.Any) -> typing.Any:
        return threading.Thread(target=self.consume, args=(q,), daemon=True)


class ProcessQueueWriter(QueueWriter):
    """A QueueWriter whose consumer is a process (do not combine with MPI).

    Args:
        savefun: used to create the task when ``task`` is None (``save_npz`` by
            default).
        task: a callable ``task(filename, outdir, target)`` run for each snapshot.
    """

    def create_queue(self) -> typing.Any:
        return multiprocessing.JoinableQueue()

    def create_consumer(self, q: typing.Any) -> typing.Any:
        return multiprocessing.Process(target=self.consume, args=(q,), daemon=True)
