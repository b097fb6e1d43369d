"""MultiNodeEarlyStoppingTrigger: early stopping decided on all processes' values."""

from kusari.distributed.extensions.observation_aggregator import ObservationAggregator
from kusari.training.triggers import EarlyStoppingTrigger


class MultiNodeEarlyStoppingTrigger:
    """An :class:`~kusari.training.triggers.EarlyStoppingTrigger` that monitors the
    mean of ``monitor`` over all processes, so that every process stops at the same
    iteration.

    Args: those of ``EarlyStoppingTrigger``, after the communicator ``comm``.
    """

    def __init__(self, comm, *, check_trigger=(1, 'epoch'), monitor='main/loss',
                 patience=None, mode='auto', verbose=False, max_trigger=(100, 'epoch'),
                 **kwargs):
        aggregated = monitor + '-aggregated'
        self.actual_trigger = EarlyStoppingTrigger(
            check_trigger=check_trigger, monitor=aggregated, patience=patience, mode=mode,
            verbose=verbose, max_trigger=max_trigger, **kwargs)
        self.aggregator = ObservationAggregator(comm, monitor, aggregated,
                                                comm_trigger=check_trigger)

    def __call__(self, trainer):
        self.aggregator(trainer)
        return self.actual_trigger(trainer)

    def get_training_length(self):
        return self.actual_trigger.get_training_length()
