"""AllreducePersistent: average a model's persistent arrays over the processes."""

import numpy

from kusari.distributed.communicators import _arrays
from kusari.training import extension


class AllreducePersistent(extension.Extension):
    """Replace the floating-point persistent arrays of ``model`` (e.g. the running
    statistics of batch normalization, which each process accumulates from its own
    batches) by their means over the processes.

    Args:
        model (~kusari.Link): the model.
        comm: the communicator.
    """

    trigger = 1, 'epoch'
    priority = extension.PRIORITY_WRITER + 1  # before the evaluator uses them

    def __init__(self, model, comm):
        self.model = model
        self.comm = comm

    def __call__(self, trainer=None):
        for _path, link in sorted(self.model.namedlinks(), key=lambda item: item[0]):
            for name in sorted(link._persistent):
                value = getattr(link, name)
                if not _arrays.is_array(value) or value.dtype.kind != 'f':
                    continue
                host = numpy.asarray(_arrays.to_host(value), dtype=numpy.float64)
                mean = self.comm.allreduce(host) / self.comm.size
                _arrays.write_back(value, mean.astype(value.dtype))
