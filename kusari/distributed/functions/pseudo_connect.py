"""pseudo_connect: make variables depend on a delegate variable in the graph."""

from kusari import backend, core


class PseudoConnect(core.FunctionNode):
    """Returns its inputs after the first; the backward pass passes their gradients
    through and gives the first (the delegate) a zero gradient, so that the backward
    pass continues into the graph behind the delegate."""

    def forward(self, inputs):
        return tuple(inputs[1:])

    def backward(self, target_input_indexes, grad_outputs):
        grads = []
        for i in target_input_indexes:
            if i == 0:
                delegate = self.inputs[0]
                xp = backend.get_array_module(*[g for g in grad_outputs if g is not None])
                grads.append(xp.zeros(delegate.shape, delegate.dtype))
            else:
                grads.append(grad_outputs[i - 1])
        return tuple(grads)


def pseudo_connect(delegate_variable, *actual_variables):
    """The ``actual_variables`` (same values), connected to ``delegate_variable``.

    In model-parallel graphs one process may hold several pieces that MPI links to
    other processes but nothing links to each other; backward from one piece would
    never reach the others. The returned variables carry the values of
    ``actual_variables``, and backward through them also reaches
    ``delegate_variable`` (with a zero gradient), e.g. the delegate of an earlier
    :func:`send`, whose backward then receives its gradients.

    Args:
        delegate_variable (~kusari.Variable): the variable to connect to; None
            connects to an empty float32 array (no graph behind it).
        actual_variables: the variables whose values are returned.

    Returns:
        tuple of ~kusari.Variable: one per actual variable, a 1-tuple for one (as in
        Chainer: ``y, = pseudo_connect(delegate, x)``).
    """
    if not actual_variables:
        raise TypeError('pseudo_connect: give at least one actual variable')
    if delegate_variable is None:
        xp = backend.get_array_module(*actual_variables)
        delegate_variable = xp.empty((0,), xp.float32)
    return PseudoConnect().apply((delegate_variable,) + tuple(actual_variables))
