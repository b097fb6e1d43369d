"""create_multi_node_optimizer: data-parallel updates over a communicator."""

import warnings


class _MultiNodeOptimizer:
    """Wraps an optimizer so that each update uses the gradients averaged over all
    processes. Any other attribute is the wrapped optimizer's (read and written).

    The processes may start from different parameters: as in Chainer, the first
    ``update`` broadcasts rank 0's parameters instead of updating, and so does every
    update after the set of initialized parameters changed (a link initializing its
    parameters lazily, a link added to the model): that step's gradients, computed
    from different parameters on each process, are not applied and ``t`` does not
    advance. A process that resumed from a snapshot every process has can set
    ``needs_broadcast`` to False to make the next update a real one.
    """

    def __init__(self, actual_optimizer, communicator, zero_fill):
        object.__setattr__(self, 'actual_optimizer', actual_optimizer)
        object.__setattr__(self, 'communicator', communicator)
        object.__setattr__(self, 'zero_fill', zero_fill)
        object.__setattr__(self, 'target_params', [])

    def setup(self, link):
        """Set up the wrapped optimizer (the next update broadcasts, see the class)."""
        self.actual_optimizer.setup(link)
        return self

    def update(self, lossfun=None, *args, **kwds):
        """Compute the gradients (if ``lossfun`` is given), average them over the
        processes and update; or broadcast rank 0's parameters (see the class)."""
        target = self.target
        if lossfun is not None:
            loss = lossfun(*args, **kwds)
            if getattr(self.actual_optimizer, '_use_cleargrads', True):
                target.cleargrads()
            else:
                with warnings.catch_warnings():  # the user chose the deprecated way
                    warnings.simplefilter('ignore', DeprecationWarning)
                    target.zerograds()
            loss.backward(loss_scale=self.actual_optimizer._loss_scale)
            del loss
        if self._params_changed(target):
            self.communicator.bcast_data(target)
        else:
            self.communicator.multi_node_mean_grad(target, self.zero_fill)
            self.actual_optimizer.update(None, *args, **kwds)

    def _param_state(self, target):
        return [(name, param.array is not None)
                for name, param in sorted(target.namedparams(), key=lambda item: item[0])]

    def _params_changed(self, target):
        state = self._param_state(target)
        changed = state != self.target_params
        object.__setattr__(self, 'target_params', state)
        return changed

    @property
    def needs_broadcast(self):
        """Whether the next update broadcasts rank 0's parameters instead of updating
        (when the processes' models may differ). Set it to False after every process
        loaded the same snapshot."""
        return self._param_state(self.target) != self.target_params

    @needs_broadcast.setter
    def needs_broadcast(self, value):
        object.__setattr__(self, 'target_params',
                           [] if value else self._param_state(self.target))

    def __getattr__(self, name):
        return getattr(self.actual_optimizer, name)

    def __setattr__(self, name, value):
        if name == 'needs_broadcast':
            object.__setattr__(self, name, value)
        else:
            setattr(self.actual_optimizer, name, value)


def create_multi_node_optimizer(actual_optimizer, communicator, double_buffering=False,
                                zero_fill=True):
    """Make an optimizer update with the mean of all processes' gradients.

    Each ``update`` runs the backward pass locally, averages the gradients with
    ``communicator.multi_node_mean_grad`` and lets ``actual_optimizer`` update, so that
    every process keeps the same parameters. The first update (and any after the set of
    initialized parameters changed) broadcasts rank 0's parameters instead, as in
    Chainer; from then on N processes with batches of B/N examples each make the same
    updates as one process with batches of B.

    Args:
        actual_optimizer (~kusari.Optimizer): the optimizer (set up or not).
        communicator: the communicator of the processes.
        double_buffering (bool): overlap the all-reduce of step t with the computation
            of step t + 1, updating with one-step-old gradients. Chainer offers it
            with the ``pure_nccl`` communicator only (other communicators raise a
            ValueError, as there); kusari does not implement it yet
            (NotImplementedError).
        zero_fill (bool): give unused parameters zero gradients so that every process
            averages the same arrays (see ``multi_node_mean_grad``).

    Returns:
        An optimizer that forwards everything else to ``actual_optimizer``.
    """
    if double_buffering:
        from kusari.distributed.communicators.pure_nccl_communicator import PureNcclCommunicator
        if not isinstance(communicator, PureNcclCommunicator):
            raise ValueError(
                'create_multi_node_optimizer: double_buffering overlaps the NCCL '
                "all-reduce with GPU computation and needs the 'pure_nccl' communicator, "
                'not {}; use double_buffering=False'.format(type(communicator).__name__))
        raise NotImplementedError(
            'create_multi_node_optimizer: double_buffering is not implemented in kusari; '
            'use double_buffering=False')
    return _MultiNodeOptimizer(actual_optimizer, communicator, zero_fill)
