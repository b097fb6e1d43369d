"""Recomputing a function in backward instead of keeping its intermediate results."""

from kusari import _backprop, configuration, core
from kusari.configuration import config


def _ordinal(n):
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st."""
    last = n % 100 if n % 100 < 20 else n % 10
    return '{}{}'.format(n, {1: 'st', 2: 'nd', 3: 'rd'}.get(last, 'th'))


def _call(func, xs):
    """``func(*xs)`` as a tuple of Variables, with a clear error for anything else."""
    outs = func(*xs)
    if isinstance(outs, core.Variable):
        return (outs,)
    if isinstance(outs, tuple) and outs:
        for i, out in enumerate(outs):
            if not isinstance(out, core.Variable):
                raise RuntimeError('forget: the {} element of the tuple func returned is {}, '
                                   'not a Variable'.format(_ordinal(i + 1), type(out).__name__))
        return outs
    raise RuntimeError('forget: func must return a Variable or a tuple of Variables, not {}'
                       .format(type(outs).__name__))


class Forget(core.FunctionNode):
    """Runs ``func`` without a graph; backward runs it again with one and backprops."""

    _input_indexes_to_retain = core.ALL_INPUTS

    def __init__(self, func):
        self.func = func

    def forward(self, inputs):
        with configuration.no_backprop_mode(), core.using_config('_will_recompute', True):
            outs = _call(self.func, [core.Variable(x) for x in inputs])
        return tuple(out.array for out in outs)

    def backward(self, indexes, grad_outputs):
        if config.enable_backprop:
            raise RuntimeError('forget: double backpropagation through F.forget is not '
                               'supported')
        # Fresh leaves, so that backprop stops at them instead of walking the outer graph.
        xs = [core.Variable(x.array) for x in self.get_retained_inputs()]
        with configuration.force_backprop_mode(), core.using_config('in_recomputing', True):
            outs = _call(self.func, xs)
        pairs = [(y, g) for y, g in zip(outs, grad_outputs) if g is not None]
        # a backward pass of its own: parameters used inside func accumulate their
        # gradients as they would without forget
        _backprop.backward([y for y, _ in pairs], [g for _, g in pairs])
        return tuple(xs[i].grad_var for i in indexes)


def forget(func, *xs):
    """Calls ``func(*xs)`` without keeping its intermediate results for backprop.

    In forward the function runs without building a graph; in backward it runs
    again, with the graph, to compute the gradients. This trades computation for
    memory. ``func`` must give the same result on both calls (no random dropout),
    and double backpropagation through ``forget`` is not supported.

    Args:
        func (callable): takes Variables and returns a Variable or a tuple of them.
        *xs (Variable or array): its arguments, of any shapes ``func`` accepts
            (arrays become Variables that require gradients).

    Returns:
        Variable: ``func``'s result, of the shape and dtype ``func`` gives it; a tuple
        of Variables when ``func`` returns a tuple.
    """
    if not callable(func):
        raise TypeError('forget: func must be callable, not {}'.format(type(func).__name__))
    xs = tuple(x if isinstance(x, core.Variable) else core.Variable(x) for x in xs)
    ys = Forget(func).apply(xs)
    return ys[0] if len(ys) == 1 else ys
