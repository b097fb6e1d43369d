"""Differentiable collective communication: bcast, gather, scatter, allgather,
alltoall. Every process of the communicator must call the same function, forward
and backward."""

from kusari import backend, core
from kusari.distributed.functions import _delegate


def _grad_arrays(grad_outputs, shapes, dtypes):
    xp = backend.get_array_module(*[g for g in grad_outputs if g is not None])
    return _delegate.zeros_for_none([None if g is None else g.array for g in grad_outputs],
                                    shapes, dtypes, xp), xp


class _Collective(core.FunctionNode):
    def __init__(self, comm, root=0):
        self.comm = comm
        self.root = root

    def _remember_outputs(self, outputs):
        self._shapes = [y.shape for y in outputs]
        self._dtypes = [y.dtype for y in outputs]
        return outputs


class AllGather(_Collective):
    """y_i = the x of rank i; the gradient of x sums what every rank's y_(this rank)
    received."""

    def forward(self, inputs):
        return self._remember_outputs(self.comm.allgather(inputs[0]))

    def backward(self, target_input_indexes, grad_outputs):
        gys, _ = _grad_arrays(grad_outputs, self._shapes, self._dtypes)
        return sum(self.comm.alltoall(gys)),


class AllToAll(_Collective):
    """y_i = the x_(this rank) of rank i; the gradients travel the other way."""

    def forward(self, inputs):
        return self._remember_outputs(self.comm.alltoall(inputs))

    def backward(self, target_input_indexes, grad_outputs):
        gys, _ = _grad_arrays(grad_outputs, self._shapes, self._dtypes)
        gxs = self.comm.alltoall(gys)
        return tuple(gxs[i] for i in target_input_indexes)


class Bcast(_Collective):
    """y = the x of the root; the root's x gets the sum of all ranks' gradients."""

    def forward(self, inputs):
        if self.comm.rank == self.root:
            y = inputs[0].copy()
            self.comm.bcast(y, root=self.root)
        else:
            y = self.comm.bcast(None, root=self.root)
        return self._remember_outputs((y,))

    def backward(self, target_input_indexes, grad_outputs):
        (gy,), xp = _grad_arrays(grad_outputs, self._shapes, self._dtypes)
        gys = self.comm.gather(gy, root=self.root)
        if self.comm.rank == self.root:
            return sum(gys),
        return xp.zeros(self.inputs[0].shape, self.inputs[0].dtype),


class Gather(_Collective):
    """At the root, y_i = the x of rank i (elsewhere an empty delegate); x gets its
    part of the root's gradients back."""

    def forward(self, inputs):
        x, = inputs
        ys = self.comm.gather(x, root=self.root)
        if self.comm.rank == self.root:
            return self._remember_outputs(ys)
        return _delegate.empty(backend.get_array_module(x)),

    def backward(self, target_input_indexes, grad_outputs):
        if self.comm.rank == self.root:
            gys, _ = _grad_arrays(grad_outputs, self._shapes, self._dtypes)
            return self.comm.scatter(gys, root=self.root),
        return self.comm.scatter(None, root=self.root),


class Scatter(_Collective):
    """y = the root's x_(this rank); the root's x_i get the gradients of rank i."""

    def forward(self, inputs):
        y = self.comm.scatter(inputs if self.comm.rank == self.root else None,
                              root=self.root)
        return self._remember_outputs((y,))

    def backward(self, target_input_indexes, grad_outputs):
        (gy,), xp = _grad_arrays(grad_outputs, self._shapes, self._dtypes)
        gxs = self.comm.gather(gy, root=self.root)
        if self.comm.rank == self.root:
            return tuple(gxs[i] for i in target_input_indexes)
        return xp.zeros(self.inputs[0].shape, self.inputs[0].dtype),


def allgather(comm, x):
    """Every rank's ``x``, as a tuple of Variables in rank order, on every rank.

    Backward: each rank's ``x`` gets the sum of the gradients that all ranks' outputs
    for it received.
    """
    return AllGather(comm).apply((x,))


def alltoall(comm, xs):
    """Send ``xs[i]`` to rank ``i``; return what each rank sent to this one (a tuple).

    Backward: the gradients travel back the same way.
    """
    if len(xs) != comm.size:
        raise ValueError('alltoall: xs must hold {} variables (the communicator size), '
                         'not {}'.format(comm.size, len(xs)))
    return AllToAll(comm).apply(tuple(xs))


def bcast(comm, x, root=0):
    """Rank ``root``'s ``x`` on every rank (``x`` is ignored elsewhere; give None).

    Backward: the root's ``x`` gets the sum of all ranks' gradients.
    """
    if comm.rank == root:
        inputs = (x,)
    else:
        inputs = (_delegate.dummy_input(),)
    y, = Bcast(comm, root).apply(inputs)
    return y


def gather(comm, x, root=0):
    """Every rank's ``x`` at ``root``: a tuple of Variables there; elsewhere an empty
    delegate variable, whose ``backward()`` takes part in the backward pass.

    Backward: each rank's ``x`` gets the gradient of its copy at the root.
    """
    ys = Gather(comm, root).apply((x,))
    if comm.rank == root:
        return ys
    return _delegate.as_delegate(ys[0])


def scatter(comm, xs, root=0):
    """Give rank ``i`` the variable ``xs[i]`` of rank ``root`` (``xs`` is ignored
    elsewhere; give None).

    Backward: the root's ``xs[i]`` gets the gradient from rank ``i``.
    """
    if comm.rank == root:
        if len(xs) != comm.size:
            raise ValueError('scatter: xs must hold {} variables (the communicator size), '
                             'not {}'.format(comm.size, len(xs)))
        inputs = tuple(xs)
    else:
        inputs = (_delegate.dummy_input(),)
    y, = Scatter(comm, root).apply(inputs)
    return y
