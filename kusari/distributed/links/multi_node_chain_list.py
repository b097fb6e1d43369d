"""MultiNodeChainList: a model whose pieces run on different processes."""

import collections

from kusari import link
from kusari.distributed.functions import point_to_point_communication as p2p
from kusari.distributed.functions.pseudo_connect import pseudo_connect


def _connect(delegate, x):
    """``x`` (a Variable or a tuple of them) made to depend on ``delegate``."""
    if delegate is None:
        return x
    if isinstance(x, tuple):
        return pseudo_connect(delegate, *x)
    y, = pseudo_connect(delegate, x)
    return y


def _as_rank_list(ranks):
    if ranks is None:
        return None
    return [ranks] if isinstance(ranks, int) else list(ranks)


class MultiNodeChainList(link.ChainList):
    """A model-parallel model: this process's pieces and where their data goes.

    Each piece (a link added with :meth:`add_link`) takes the model's inputs or the
    outputs that other processes (``rank_in``) send, and returns the model's output or
    sends its output to other processes (``rank_out``). Calling the chain runs the
    pieces in the order they were added, and the graph it builds connects them
    (through delegate variables) so that ``backward()`` on the result runs the
    backward passes and their communication in the reverse order.

    The call returns the model output (from the piece with ``rank_out=None``) or, on a
    process without one, a delegate variable: call ``backward()`` on it.

    Args:
        comm: the communicator of the processes.
    """

    def __init__(self, comm):
        super().__init__()
        self._comm = comm
        self._rank_inouts = []

    def add_link(self, link, rank_in=None, rank_out=None):
        """Add a piece.

        Args:
            link (~kusari.Link): the piece.
            rank_in (int, list of ints or None): the processes whose outputs are its
                inputs (in this order); None: the model's inputs.
            rank_out (int, list of ints or None): the processes its output is sent to;
                None: its output is the model's output (one piece at most).
        """
        rank_in, rank_out = _as_rank_list(rank_in), _as_rank_list(rank_out)
        if rank_out is None and any(out is None for _, out in self._rank_inouts):
            raise ValueError('MultiNodeChainList.add_link: only one piece can give the '
                             'model output (rank_out=None)')
        super().add_link(link)
        self._rank_inouts.append((rank_in, rank_out))

    def forward(self, *inputs):
        comm = self._comm
        to_self = collections.deque()  # outputs this process sends to itself
        output = None
        delegate = None  # the latest variable of this process's graph
        for piece, (rank_in, rank_out) in zip(self._children, self._rank_inouts):
            if rank_in is None:
                args = inputs if delegate is None else _connect(delegate, tuple(inputs))
                x = piece(*args)
            else:
                xs = []
                for source in rank_in:
                    if source == comm.rank:
                        received = _connect(delegate, to_self.popleft())
                    else:
                        received = p2p.recv(comm, source, delegate_variable=delegate)
                    xs.append(received)
                    # The next receive hangs on this one, so backward meets them in
                    # reverse order, as the peers expect.
                    delegate = received[-1] if isinstance(received, tuple) else received
                x = piece(*xs)
                delegate = None  # x depends on every received value already
            if rank_out is None:
                output = delegate = x
                continue
            for i, dest in enumerate(rank_out):
                if i > 0 or dest == comm.rank:
                    x = _connect(delegate, x)
                if dest == comm.rank:
                    to_self.append(x)
                    delegate = x[-1] if isinstance(x, tuple) else x
                else:
                    delegate = p2p.send(x, comm, dest)
        if to_self:
            raise ValueError('MultiNodeChainList: {} output(s) sent to this process were '
                             'never received; check that every rank_out has a matching '
                             'rank_in'.format(len(to_self)))
        if output is None:
            return delegate
        if output is delegate:
            return output
        return _connect(delegate, output)
