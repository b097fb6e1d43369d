"""CommunicatorBase: the interface every kusari communicator implements."""

import abc
import contextlib
import warnings


class CommunicatorBase(abc.ABC):
    """The interface of the communicators that ``create_communicator`` returns.

    Methods named after MPI operations move NumPy/CuPy arrays (``send``, ``recv``,
    ``bcast``, ``gather``, ``allgather``, ``scatter``, ``alltoall``, ``allreduce``);
    their ``_obj`` counterparts move any picklable Python object. ``bcast_data`` and
    ``multi_node_mean_grad`` work on a whole model: the first copies rank 0's
    parameters to every process, the second replaces every gradient by its mean over
    the processes, which is what data-parallel training needs after each backward.
    """

    @property
    def rank(self):
        """This process's number in the communicator (0 to ``size - 1``)."""
        raise NotImplementedError

    @property
    def size(self):
        """The number of processes in the communicator."""
        raise NotImplementedError

    @property
    def intra_rank(self):
        """This process's number among the processes on its machine."""
        raise NotImplementedError

    @property
    def intra_size(self):
        """The number of processes on this process's machine."""
        raise NotImplementedError

    @property
    def inter_rank(self):
        """The number of this process's machine among the machines of the job."""
        raise NotImplementedError

    @property
    def inter_size(self):
        """The number of machines taking part."""
        raise NotImplementedError

    # -- configuration --------------------------------------------------------------
    # A configuration is an attribute of the communicator (``comm.batched_copy``)
    # that was set inside ``config_scope()``; ``_configs`` maps their names to values.

    @property
    def _configs(self):
        return self.__dict__.setdefault('_configs_dict', {})

    @contextlib.contextmanager
    def config_scope(self):
        """Within it, attributes set on the communicator are its configurations."""
        outer = self.__dict__.get('_within_config_scope', False)
        self.__dict__['_within_config_scope'] = True
        try:
            yield
        finally:
            self.__dict__['_within_config_scope'] = outer

    def __setattr__(self, name, value):
        if self.__dict__.get('_within_config_scope', False):
            self._configs[name] = value
        super().__setattr__(name, value)

    def set_config(self, name, value=True, **kwargs):
        """Set the configuration ``name`` of this communicator."""
        raise ValueError('{}.set_config: unknown configuration {!r}'.format(
            type(self).__name__, name))

    def get_config(self, name=None):
        """The value of the configuration ``name`` (all of them as a dict if None)."""
        if name is None:
            return dict(self._configs)
        if name in self._configs:
            return self._configs[name]
        raise ValueError('{}.get_config: unknown configuration {!r}'.format(
            type(self).__name__, name))

    # -- arrays ---------------------------------------------------------------------
    @abc.abstractmethod
    def split(self, color, key):
        """Split into groups like ``MPI_Comm_split``: processes that give the same
        ``color`` form one new communicator, numbered in the order of ``key``."""

    @abc.abstractmethod
    def alltoall(self, xs):
        """Send ``xs[i]`` to rank ``i``; return the tuple of arrays received from
        each rank (``len(xs)`` must equal ``size``)."""

    @abc.abstractmethod
    def send(self, data, dest, tag):
        """Send an array, or a tuple/list of arrays, to rank ``dest``."""

    @abc.abstractmethod
    def recv(self, source, tag):
        """Receive what rank ``source`` sent with ``send`` (an array or a tuple)."""

    @abc.abstractmethod
    def bcast(self, data, max_buf_len=None, root=0):
        """Return rank ``root``'s array on every process (``data`` is ignored on the
        others)."""

    @abc.abstractmethod
    def gather(self, data, root=0):
        """Collect every rank's array at ``root``: a tuple in rank order there, None
        on the other ranks."""

    @abc.abstractmethod
    def allgather(self, x):
        """Every rank's array, as a tuple in rank order, on every rank."""

    @abc.abstractmethod
    def allreduce(self, data):
        """The elementwise sum of every rank's array, on every rank."""

    @abc.abstractmethod
    def scatter(self, xs, root=0):
        """Give rank ``i`` the array ``xs[i]`` of rank ``root`` (a tuple of ``size``
        arrays, or an array whose first axis has length ``size``)."""

    def finalize(self):  # noqa: B027 - optional: most communicators hold nothing to release
        """Release what the communicator holds; it must not be used afterwards."""

    # -- Python objects -------------------------------------------------------------
    @abc.abstractmethod
    def send_obj(self, obj, dest, tag):
        """Send a picklable object to rank ``dest``."""

    @abc.abstractmethod
    def recv_obj(self, source, tag):
        """Receive an object that rank ``source`` sent with ``send_obj``."""

    @abc.abstractmethod
    def bcast_obj(self, obj, max_buf_len=None, root=0):
        """Return rank ``root``'s object on every process."""

    @abc.abstractmethod
    def gather_obj(self, obj, root=0):
        """A list of every rank's object (rank order) at ``root``; None elsewhere."""

    @abc.abstractmethod
    def allreduce_obj(self, obj):
        """The sum (``+``) of every rank's object, on every rank."""

    # -- models ---------------------------------------------------------------------
    @abc.abstractmethod
    def bcast_data(self, model):
        """Overwrite the parameters of ``model`` with those of rank 0."""

    def broadcast_data(self, model):
        """Old name of :meth:`bcast_data`."""
        self.bcast_data(model)

    @abc.abstractmethod
    def multi_node_mean_grad(self, model, zero_fill=False):
        """Replace each parameter's gradient by its mean over all processes.

        Args:
            model (~kusari.Link): the model whose gradients are averaged.
            zero_fill (bool): give initialized parameters without a gradient (unused
                in this step's graph) a zero gradient first, so that every process
                averages the same list of arrays. When False they are skipped, which
                is only correct if every process skips the same ones. Parameters that
                are not initialized yet are always skipped.
        """

    def allreduce_grad(self, model, zero_fill=False):
        """Deprecated name of :meth:`multi_node_mean_grad`."""
        warnings.warn('allreduce_grad() is deprecated; use multi_node_mean_grad()',
                      DeprecationWarning, stacklevel=2)
        self.multi_node_mean_grad(model, zero_fill)
