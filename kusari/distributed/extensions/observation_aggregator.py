"""ObservationAggregator: one value of an observation for all processes."""

import numpy

from kusari import backend, core
from kusari.training import extension
from kusari.training import util as training_util


def _mean_of_all(histories):
    """The mean of every value observed by every process."""
    values = [value for history in histories for value in history]
    return sum(values) / len(values)


def _to_host(value):
    if isinstance(value, core.Variable):
        value = value.array
    return backend.CpuDevice().send_array(value) if hasattr(value, 'shape') else value


class ObservationAggregator(extension.Extension):
    """Replace an observation by its aggregate over all processes.

    Each process records ``trainer.observation[original_key]`` at every call; when
    ``comm_trigger`` fires, rank 0 aggregates the values all processes recorded since
    the last time and every process stores the result as ``aggregated_key``.

    Args:
        comm: the communicator.
        original_key (str): the observation to aggregate (e.g. ``'main/loss'``).
        aggregated_key (str): where the result goes (default: ``original_key``).
        comm_trigger: when to communicate (default: every iteration).
        aggregator (callable): takes the list of every process's list of values and
            returns the result (default: the mean of all values).
    """

    trigger = 1, 'iteration'
    priority = extension.PRIORITY_EDITOR
    name = None

    def __init__(self, comm, original_key, aggregated_key=None, *,
                 comm_trigger=(1, 'iteration'), aggregator=None):
        self.comm = comm
        self.original_key = original_key
        self.aggregated_key = original_key if aggregated_key is None else aggregated_key
        self.comm_trigger = training_util.get_trigger(comm_trigger)
        self.aggregator = aggregator or _mean_of_all
        self.observation_history = []

    def compute_summary(self, trainer):
        """Record this call's value; the aggregate when ``comm_trigger`` fires, else
        None."""
        if self.original_key in trainer.observation:
            self.observation_history.append(_to_host(trainer.observation[self.original_key]))
        if not self.comm_trigger(trainer):
            return None
        histories = self.comm.gather_obj(self.observation_history)
        self.observation_history = []
        summary = self.aggregator(histories) if self.comm.rank == 0 else None
        return self.comm.bcast_obj(summary)

    def __call__(self, trainer):
        summary = self.compute_summary(trainer)
        if summary is not None:
            trainer.observation[self.aggregated_key] = (
                numpy.asarray(summary) if numpy.isscalar(summary) else summary)
