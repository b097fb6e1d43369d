"""send / recv: differentiable point-to-point communication between processes."""

from kusari import backend, core
from kusari.distributed.functions import _delegate


def _check_peer(caller, communicator, rank):
    if rank == communicator.rank:
        raise ValueError('{}: rank {} is this process; sending to or receiving from '
                         'oneself would wait forever'.format(caller, rank))


class Send(core.FunctionNode):
    """Sends its inputs (all but the last, a dummy) to ``peer_rank``; the backward
    pass receives their gradients from there."""

    def __init__(self, comm, peer_rank, peer_tag):
        self.comm = comm
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag

    @property
    def label(self):
        return 'Send (peer_rank: {})'.format(self.peer_rank)

    def forward(self, inputs):
        xs = inputs[:-1]
        self.comm.send(xs[0] if len(xs) == 1 else xs, self.peer_rank, self.peer_tag)
        return _delegate.empty(backend.get_array_module(*inputs)),

    def backward(self, target_input_indexes, grad_outputs):
        received = self.comm.recv(self.peer_rank, self.peer_tag)
        if not isinstance(received, tuple):
            received = (received,)
        grads = received + (_delegate.empty(backend.get_array_module(*received)),)
        return tuple(grads[i] for i in target_input_indexes)


class Recv(core.FunctionNode):
    """Receives arrays from ``peer_rank``; the backward pass sends their gradients
    back. Its input (a delegate or dummy variable) only links it into the graph."""

    def __init__(self, comm, peer_rank, peer_tag):
        self.comm = comm
        self.peer_rank = peer_rank
        self.peer_tag = peer_tag

    @property
    def label(self):
        return 'Recv (peer_rank: {})'.format(self.peer_rank)

    def forward(self, inputs):
        data = self.comm.recv(self.peer_rank, self.peer_tag)
        outputs = data if isinstance(data, tuple) else (data,)
        self._shapes = [y.shape for y in outputs]
        self._dtypes = [y.dtype for y in outputs]
        return outputs

    def backward(self, target_input_indexes, grad_outputs):
        xp = backend.get_array_module(*[g for g in grad_outputs if g is not None])
        gys = _delegate.zeros_for_none([None if g is None else g.array for g in grad_outputs],
                                       self._shapes, self._dtypes, xp)
        self.comm.send(gys if len(gys) > 1 else gys[0], self.peer_rank, self.peer_tag)
        return tuple(xp.zeros(self.inputs[i].shape, self.inputs[i].dtype)
                     for i in target_input_indexes)


def send(x, communicator, rank, tag=0):
    """Send ``x`` (a Variable, or a tuple/list of them) to process ``rank``.

    The backward pass receives the gradients of ``x`` from ``rank``, where the matching
    :func:`recv` sends them. The returned *delegate variable* holds no data: it stands
    for the sent values in this process's graph, and calling ``backward()`` on it (or
    passing it to the next ``recv`` as ``delegate_variable``) runs that exchange.

    Returns:
        ~kusari.Variable: the delegate variable (an empty array).
    """
    _check_peer('send', communicator, rank)
    xs = tuple(x) if isinstance(x, (tuple, list)) else (x,)
    xp = backend.get_array_module(*xs)
    delegate, = Send(communicator, rank, tag).apply(xs + (_delegate.dummy_input(xp),))
    return _delegate.as_delegate(delegate)


def recv(communicator, rank, delegate_variable=None, tag=0, force_tuple=False):
    """Receive what process ``rank`` sends with :func:`send`.

    The backward pass sends the gradients of the received values back to ``rank``.

    Args:
        communicator: the communicator.
        rank (int): the sending process.
        delegate_variable (~kusari.Variable): the delegate returned by an earlier
            ``send`` (or any variable) of this process's graph; linking it makes the
            backward pass reach that earlier part after this one.
        tag (int): the message tag.
        force_tuple (bool): return a tuple even for a single received array.

    Returns:
        ~kusari.Variable or tuple of them: the received values.
    """
    _check_peer('recv', communicator, rank)
    if delegate_variable is None:
        link = _delegate.dummy_input()
    else:
        link = delegate_variable
        link.name = 'delegate_variable'
    ys = Recv(communicator, rank, tag).apply((link,))
    if len(ys) == 1 and not force_tuple:
        return ys[0]
    return ys
