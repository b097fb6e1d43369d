"""create_multi_node_checkpointer: per-process snapshots that resume together."""

import os
import time
import warnings

from kusari import serializers
from kusari.training import extension


class _CheckpointStats:
    """The durations of the checkpoints: ``start()`` and ``end()`` around each one."""

    def __init__(self):
        self.durations = []
        self._began = None

    def start(self):
        self._began = time.time()

    def end(self):
        """Record the time since ``start()`` (nothing if it was not started)."""
        if self._began is not None:
            self.durations.append(time.time() - self._began)
            self._began = None

    def report(self):
        """A line with the mean, min and max seconds a checkpoint took."""
        durations = self.durations
        if not durations:
            return 'No stats available'
        return 'Snapshot duration stats (sec): avg={:f}, min={:f}, max={:f}'.format(
            sum(durations) / len(durations), min(durations), max(durations))


class _MultiNodeCheckpointer(extension.Extension):
    """Saves ``<name>.<rank>.<iteration>`` files and resumes from the latest
    iteration that every process has saved."""

    def __init__(self, name, comm, cp_interval, gc_interval, path):
        self.name = name
        self.comm = comm
        self.cp_interval = cp_interval
        self.gc_interval = gc_interval
        self.path = path
        self.files = []
        self.stats = _CheckpointStats()
        if path is not None:
            os.makedirs(path, exist_ok=True)

    def __call__(self, trainer):
        if self.path is None:
            self.path = trainer.out
        self.save(trainer, trainer.updater.iteration)

    def save(self, target, iteration):
        """Save ``target`` for ``iteration``; every process must call it together."""
        if self.path is None:
            raise ValueError('checkpointer.save: no path; give path= when creating the '
                             'checkpointer or call it from a trainer')
        os.makedirs(self.path, exist_ok=True)
        self.stats.start()
        filename = self._filename(iteration)
        serializers.save_npz(os.path.join(self.path, filename), target)
        self.stats.end()
        self.files.append(filename)
        if len(self.files) - self.cp_interval >= self.gc_interval:
            self._sync_file_list(remove_others=True)

    def maybe_load(self, trainer, optimizer=None, path=None):
        """Load the latest iteration that every process has a checkpoint of (if any)
        into ``trainer`` (or any target). Call it on every process before training;
        with the multi-node ``optimizer``, the first update then skips its broadcast."""
        if self.path is None:
            self.path = path if path is not None else trainer.out
        try:
            names = os.listdir(self.path)
        except FileNotFoundError:
            names = []
        iterations = sorted(i for i in map(self._iteration_of, names) if i is not None)
        self.files = [self._filename(i) for i in iterations]
        self._sync_file_list(remove_others=False)
        if self.files:
            serializers.load_npz(os.path.join(self.path, self.files[-1]), trainer)
            if optimizer is not None:
                optimizer.needs_broadcast = False

    def finalize(self):
        """Remove this process's checkpoints (training ended without error)."""
        for filename in self.files:
            try:
                os.remove(os.path.join(self.path, filename))
            except FileNotFoundError:
                pass
        self.files = []

    def get_stats(self):
        """A line with the mean, min and max seconds a checkpoint took."""
        return self.stats.report()

    def _filename(self, iteration):
        return '{}.{}.{}'.format(self.name, self.comm.rank, iteration)

    def _iteration_of(self, filename):
        """The iteration of one of this process's checkpoint names, else None."""
        prefix = '{}.{}.'.format(self.name, self.comm.rank)
        rest = filename[len(prefix):]
        return int(rest) if filename.startswith(prefix) and rest.isdigit() else None

    def _sync_file_list(self, remove_others):
        """Keep the latest ``cp_interval`` iterations that all processes have."""
        mine = [self._iteration_of(f) for f in self.files]
        everyone = self.comm.gather_obj(mine)
        common = None
        if self.comm.rank == 0:
            common = set(everyone[0]).intersection(*everyone[1:])
            common = sorted(common)[-self.cp_interval:]
        common = self.comm.bcast_obj(common)
        keep = [self._filename(i) for i in common]
        if remove_others:
            for filename in set(self.files) - set(keep):
                try:
                    os.remove(os.path.join(self.path, filename))
                except FileNotFoundError:
                    pass
        self.files = keep


def create_multi_node_checkpointer(name, comm, cp_interval=5, gc_interval=5, path=None):
    """A trainer extension that checkpoints every process and resumes the whole job.

    Each call saves ``<name>.<rank>.<iteration>`` in ``path`` (default
    ``trainer.out``); old checkpoints are removed, keeping the latest ``cp_interval``
    iterations that every process has. Before training, call
    ``checkpointer.maybe_load(trainer, optimizer)`` on every process to resume from the
    latest common iteration. Deprecated in Chainer v7 in favour of
    :func:`multi_node_snapshot`.

    Args:
        name (str): the run's name (the file name prefix).
        comm: the communicator.
        cp_interval (int): how many common checkpoints to keep.
        gc_interval (int): how many newer checkpoints may accumulate before old ones
            are removed.
        path (str): the directory.
    """
    warnings.warn('create_multi_node_checkpointer is deprecated; use '
                  'kusari.distributed.extensions.multi_node_snapshot', DeprecationWarning,
                  stacklevel=2)
    if not name or '.' in name:
        raise ValueError('create_multi_node_checkpointer: name must be a non-empty string '
                         'without dots, got {!r}'.format(name))
    if cp_interval < 1 or gc_interval < 1:
        raise ValueError('create_multi_node_checkpointer: cp_interval and gc_interval must '
                         'be positive, got {} and {}'.format(cp_interval, gc_interval))
    return _MultiNodeCheckpointer(name, comm, cp_interval, gc_interval, path)
