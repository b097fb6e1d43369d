"""create_multi_node_n_step_rnn: an n-step RNN whose states cross processes."""

from kusari import link
from kusari.distributed.functions.point_to_point_communication import recv, send
from kusari.distributed.functions.pseudo_connect import pseudo_connect
from kusari.links.rnn import n_step_rnn


class _MultiNodeNStepRNN(link.Chain):
    """Receives its initial states from ``rank_in`` and sends its final states to
    ``rank_out``; returns the RNN's outputs followed by the delegate variable of the
    sends (None without ``rank_out``)."""

    def __init__(self, actual_rnn, communicator, rank_in, rank_out):
        super().__init__()
        with self.init_scope():
            self.actual_rnn = actual_rnn
        self.communicator = communicator
        self.rank_in = rank_in
        self.rank_out = rank_out
        self.n_cells = actual_rnn.n_cells

    def forward(self, *inputs):
        states = [None] * self.n_cells
        if self.rank_in is not None:
            # Each receive hangs on the previous one, so that backward sends the
            # gradients back in the reverse order, the order the sender expects.
            states = []
            for _ in range(self.n_cells):
                states.append(recv(self.communicator, self.rank_in,
                                   delegate_variable=states[-1] if states else None))
        outputs = self.actual_rnn(*states, *inputs)
        delegate = None
        if self.rank_out is not None:
            for state in outputs[:self.n_cells]:
                if delegate is not None:
                    state, = pseudo_connect(delegate, state)
                delegate = send(state, self.communicator, self.rank_out)
        return tuple(outputs) + (delegate,)


def create_multi_node_n_step_rnn(actual_link, communicator, rank_in=None, rank_out=None):
    """Wrap an n-step RNN link (``NStepLSTM``, ``NStepGRU``, ``NStepRNNTanh``, ...) for
    model parallelism over time: the initial states (``hx``, and ``cx`` for LSTMs) come
    from process ``rank_in`` and the final ones go to ``rank_out``.

    Calling the result with the sequences ``xs`` returns the RNN's outputs followed by
    a delegate variable (None without ``rank_out``); see :func:`send`.
    """
    if not isinstance(actual_link, n_step_rnn.NStepRNNBase):
        raise ValueError('create_multi_node_n_step_rnn: actual_link must be an n-step RNN '
                         'link (NStepLSTM, NStepGRU, NStepRNNTanh, ...), not {}'.format(
                             type(actual_link).__name__))
    return _MultiNodeNStepRNN(actual_link, communicator, rank_in, rank_out)
