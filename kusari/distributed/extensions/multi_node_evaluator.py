"""Evaluation over the parts of a dataset held by all processes."""

import copy
import types

from kusari import configuration, core
from kusari.dataset import convert
from kusari.training import extension


def create_multi_node_evaluator(actual_evaluator, communicator):
    """Make an Evaluator report the mean of its results over all processes.

    Each process evaluates its own part of the data (e.g. from ``scatter_dataset``);
    the reported values are the means of the processes' means, which equal the
    single-process evaluation when every process has the same number of batches of
    the same size. Every process must run the evaluator at the same iterations.

    Args:
        actual_evaluator (~kusari.training.extensions.Evaluator): the evaluator; its
            ``evaluate`` method is replaced (the object is returned).
        communicator: the communicator.
    """
    local_evaluate = actual_evaluator.evaluate

    def evaluate(self):
        local = local_evaluate()
        return {name: communicator.allreduce_obj(value) / communicator.size
                for name, value in sorted(local.items())}

    actual_evaluator._mn_original_evaluate = local_evaluate
    actual_evaluator._mn_communicator = communicator
    actual_evaluator.evaluate = types.MethodType(evaluate, actual_evaluator)
    return actual_evaluator


class GenericMultiNodeEvaluator(extension.Extension):
    """An evaluator whose result is computed from all processes' per-batch results.

    For evaluations that are not means of means (e.g. AUC, or parts of different
    sizes): :meth:`calc_local` computes something from each batch on every process,
    and :meth:`aggregate` turns the list of all of them into the result at ``root``.
    Batches run in no-backprop, test mode (``config.train`` False).

    Args:
        comm: the communicator.
        iterator: a non-repeating iterator over this process's evaluation data.
        target (callable): the model that the default :meth:`calc_local` calls.
        device: where the converter sends the arrays.
        converter: turns a batch into the arguments of :meth:`calc_local`.
        root (int): the process that aggregates.
        progress_hook (callable): called with each batch at the root.

    Calling it returns ``aggregate(results)`` at the root and None elsewhere.
    """

    trigger = 1, 'epoch'
    default_name = 'validation'
    priority = extension.PRIORITY_WRITER
    name = None

    def __init__(self, comm, iterator, target, device=None,
                 converter=convert.concat_examples, root=0, **kwargs):
        progress_hook = kwargs.pop('progress_hook', None)
        if kwargs:
            raise TypeError('GenericMultiNodeEvaluator: unexpected argument(s) {}'.format(
                ', '.join(sorted(kwargs))))
        if not 0 <= root < comm.size:
            raise ValueError('GenericMultiNodeEvaluator: root must be a rank from 0 to {}, '
                             'got {}'.format(comm.size - 1, root))
        from kusari import backend
        self.comm = comm
        self.iterator = iterator
        self._targets = {'main': target}
        self.converter = converter
        self.device = None if device is None else backend.get_device(device)
        self.root = root
        self._progress_hook = progress_hook

    def calc_local(self, *args, **kwargs):
        """The result of one batch (never None): by default ``target(*args)``."""
        return self._targets['main'](*args, **kwargs)

    def aggregate(self, results):
        """The evaluation from the list of every process's ``calc_local`` results
        (called once, at the root). By default the list itself."""
        return results

    def __call__(self, trainer=None):
        if hasattr(self.iterator, 'reset'):
            self.iterator.reset()
            iterator = self.iterator
        else:
            iterator = copy.copy(self.iterator)
        is_root = self.comm.rank == self.root
        results = []
        with core.using_config('train', False), configuration.no_backprop_mode():
            while True:
                local = self._next_result(iterator, is_root)
                gathered = self.comm.gather_obj(local, root=self.root)
                if is_root:
                    results.extend(r for r in gathered if r is not None)
                    done = all(r is None for r in gathered)
                else:
                    done = None
                if self.comm.bcast_obj(done, root=self.root):
                    break
        return self.aggregate(results) if is_root else None

    def _next_result(self, iterator, is_root):
        """``calc_local`` of the next batch, or None when this process has no more."""
        try:
            batch = next(iterator)
        except StopIteration:
            return None
        in_arrays = convert._call_converter(self.converter, batch, self.device)
        if isinstance(in_arrays, tuple):
            result = self.calc_local(*in_arrays)
        elif isinstance(in_arrays, dict):
            result = self.calc_local(**in_arrays)
        else:
            result = self.calc_local(in_arrays)
        if is_root and self._progress_hook:
            self._progress_hook(batch)
        return result
