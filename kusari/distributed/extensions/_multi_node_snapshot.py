"""multi_node_snapshot: snapshots of a job whose processes hold different states."""

import io
import numbers

from kusari import serializers
from kusari.distributed.optimizers import _MultiNodeOptimizer
from kusari.training import extension


def _parse_replica_sets(replica_sets, size):
    """The replica sets as a list of disjoint sets covering ``range(size)``."""
    sets = []
    seen = set()
    for replica_set in replica_sets:
        members = {replica_set} if isinstance(replica_set, numbers.Integral) else set(
            replica_set)
        for rank in members:
            if not isinstance(rank, numbers.Integral) or not 0 <= rank < size:
                raise ValueError('multi_node_snapshot: rank {!r} in replica_sets is not a '
                                 'rank of this job (0 to {})'.format(rank, size - 1))
        if members & seen:
            raise ValueError('multi_node_snapshot: ranks {} appear in two replica sets'
                             .format(sorted(members & seen)))
        seen |= members
        if members:
            sets.append(members)
    rest = set(range(size)) - seen
    if rest:
        sets.append(rest)
    return sets


class _MultiNodeSnapshot(extension.Extension):
    """Takes the wrapped snapshot on the first rank of each replica set only, and on
    resume sends what that rank loaded to the other ranks of its set."""

    def __init__(self, comm, snapshot, replica_sets):
        self.comm = comm
        self.snapshot = snapshot
        if callable(snapshot.filename):
            name_of = snapshot.filename
            snapshot.filename = lambda trainer: '{}.{}'.format(name_of(trainer), comm.rank)
        else:
            snapshot.filename = '{}.{}'.format(snapshot.filename, comm.rank)
        for members in _parse_replica_sets(replica_sets, comm.size):
            if comm.rank in members:
                self.replica_set = members
                self.master = min(members)

    trigger = property(lambda self: self.snapshot.trigger)
    priority = property(lambda self: self.snapshot.priority)

    @property
    def autoload(self):
        return self.snapshot.autoload

    @property
    def is_master(self):
        """Whether this process writes (and loads) the snapshots of its replica set."""
        return self.master == self.comm.rank

    def initialize(self, trainer):
        if self.is_master:
            self.snapshot.initialize(trainer)
        if not self.snapshot.autoload:
            return
        target = trainer if self.snapshot._target is None else self.snapshot._target
        if self.is_master:
            from kusari.training.extensions import _snapshot
            state = None
            if _snapshot._find_latest_snapshot(self.snapshot.filename, trainer.out):
                buffer = io.BytesIO()
                serializers.save_npz(buffer, target)
                state = buffer.getvalue()
            for rank in sorted(self.replica_set - {self.comm.rank}):
                self.comm.send_obj(state, dest=rank)
        else:
            state = self.comm.recv_obj(self.master)
            if state is not None:
                serializers.load_npz(io.BytesIO(state), target)
        if target is trainer or target is trainer.updater:
            self._skip_broadcast_if_all_resumed(trainer, state is not None)

    def _skip_broadcast_if_all_resumed(self, trainer, resumed):
        """When every process loaded the models and optimizers of the same iteration,
        they hold the same parameters: the multi-node optimizers' next update need not
        broadcast them, and the resumed run makes the updates of an uninterrupted one."""
        iteration = trainer.updater.iteration if resumed else None
        everyone = self.comm.allreduce_obj([iteration])
        if iteration is not None and everyone == [iteration] * self.comm.size:
            for optimizer in trainer.updater.get_all_optimizers().values():
                if isinstance(optimizer, _MultiNodeOptimizer):
                    optimizer.needs_broadcast = False

    def __call__(self, trainer):
        if self.is_master:
            self.snapshot(trainer)

    def on_error(self, trainer, exc, tb):
        if self.is_master:
            self.snapshot.on_error(trainer, exc, tb)

    def finalize(self):
        if self.is_master:
            self.snapshot.finalize()


def multi_node_snapshot(comm, snapshot, replica_sets):
    """Wrap a snapshot extension for a job whose processes differ in what they hold.

    Processes in one *replica set* hold the same state (e.g. all ranks but 0, when only
    rank 0 has a LogReport): the lowest rank of each set writes the snapshot, with
    ``.<rank>`` appended to its file name, and with ``autoload`` it loads the latest
    one and sends the loaded state to the other ranks of its set. So a job resumes
    even with a different number of processes, as long as the sets map alike.

    ``replica_sets`` lists sets as a rank or an iterable of ranks; ranks left out form
    one more set. With 4 processes: ``[0]`` means {0}, {1, 2, 3}; ``[[0, 1], [2, 3]]``
    means {0, 1}, {2, 3}; ``[]`` means {0, 1, 2, 3}.

    When every process resumed the trainer (or its updater) at the same iteration, the
    multi-node optimizers' next update is a real one instead of a broadcast of rank 0's
    parameters, so a resumed run makes the updates of an uninterrupted one (ChainerMN's
    broadcasts again and skips that update).

    Args:
        comm: the communicator.
        snapshot: the extension from :func:`kusari.training.extensions.snapshot`.
        replica_sets (list): the replica sets.

    Returns:
        The wrapping extension (give it to ``trainer.extend``).
    """
    return _MultiNodeSnapshot(comm, snapshot, replica_sets)
